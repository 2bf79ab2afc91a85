import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { requireId } from './shared/ids';
import { listSearch, loadOptions } from './shared/listSearch';
import { conditionLoadOptions } from './trigger/conditionFields';
import { SMARTSUITE_DESCRIPTION } from './shared/nodeDescription';
import { requireWholeNumber } from './shared/numbers';
import type { Scope } from './shared/scope';
import { KINDS } from './shared/scope';
import type { WebhookApi } from './trigger/api';
import { webhookApi } from './trigger/api';
import type { Cursor } from './trigger/cursor';
import { START_CURSOR, movedOn, saveCursor, savedCursor } from './trigger/cursor';
import type { DrainOptions } from './trigger/drain';
import { drain } from './trigger/drain';
import { releaseLease, takeLease } from './trigger/lease';
import type { PollClock } from './trigger/limits';
import { POLL_LIMITS, pollBudgetMs, runBudget, startPollClock } from './trigger/limits';
import type { WebhookRead, WebhookStart } from './trigger/managed';
import { readWanted, scopeOfWebhook } from './trigger/lookup';
import { pollManagedWebhook } from './trigger/managed';
import { POLLING_TRIGGER } from './trigger/names';
import type { FilesOptions } from './trigger/files';
import { eventsTimeLeft, filesOptionOf } from './trigger/files';
import { eventItems, logDrain } from './trigger/output';
import type { ConditionChange, ConditionOptions } from './trigger/condition';
import {
	checkOnTables,
	conditionChangeOption,
	conditionMatchOption,
	conditionOption,
	conditionRulesOption,
	readCondition,
} from './trigger/condition';
import type { RichTextForm } from './shared/fields';
import {
	EVENTS_HINT,
	downloadFilesOption,
	fileFieldsOption,
	maxRunSizeOption,
	readableValuesOption,
	richTextAsOption,
	simplifyOption,
} from './trigger/outputOptions';
import { NO_SAMPLE, sampleEvents } from './trigger/sample';
import { sourceFields } from './trigger/sourceFields';

interface TriggerOptions extends FilesOptions, ConditionOptions {
	conditionChange?: ConditionChange;
	startFrom?: 'newEvents' | 'allStoredEvents';
	maxEventsPerPoll?: number;
	pageSize?: number;
	simplify?: boolean;
	readableValues?: boolean;
	richTextAs?: RichTextForm;
}

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;

export class SmartSuiteTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SmartSuite Polling Trigger',
		name: 'smartSuiteTrigger',
		icon: { light: 'file:smartsuite.svg', dark: 'file:smartsuite.dark.svg' },
		group: ['trigger'],
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{$parameter["source"] === "managed" ? "Polls a webhook created for you" : "Polls an existing webhook"}}',
		// n8n's nodes panel shows this above the actions of the combined SmartSuite entry (nodeDescription.ts).
		description: SMARTSUITE_DESCRIPTION,
		defaults: { name: 'SmartSuite Polling Trigger' },
		polling: true,
		// n8n's own words name the service by the display name without " Trigger" ("SmartSuite
		// Polling"); these name SmartSuite and say what to change there. n8n 2.8.4 and 2.41.1 show
		// them for a polling node too (the line shown while fetching stays n8n's).
		triggerPanel: {
			executionsHelp: {
				inactive:
					"<b>While building your workflow</b>, change a record in a table this trigger watches in SmartSuite, then click 'Fetch Test Event': the latest change shows up in this editor (before the first publish, when the trigger has no webhook yet, the latest record of each watched table, marked as a sample).<br /><br /><b>Once you're happy with your workflow</b>, publish it. Then n8n checks SmartSuite at every poll, and the changes in the watched tables start an execution; these show up in the executions list, not in the editor.",
				active:
					"<b>While building your workflow</b>, change a record in a table this trigger watches in SmartSuite, then click 'Fetch Test Event': the latest change shows up in this editor.<br /><br /><b>Your workflow also runs by itself</b>, since it is published: n8n checks SmartSuite at every poll, and the changes in the watched tables start an execution, shown in the executions list, not in the editor.",
			},
			activationHint: {
				inactive:
					'Once the workflow is built, publish it: then n8n checks SmartSuite at every poll, and the changes of records in the watched tables start it (those executions are not shown here).',
				active:
					'n8n also checks SmartSuite at every poll: the changes of records in the watched tables start this workflow (those executions are not shown here).',
			},
		},
		inputs: [],
		// The legacy rule predates NodeConnectionTypes, whose Main is the string 'main'.
		// eslint-disable-next-line n8n-nodes-base/node-class-description-outputs-wrong
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'smartSuiteWorkspaceApi', required: true }],
		properties: [
			...sourceFields,
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				// `action` names the event in n8n's nodes panel, where this trigger is listed inside the
				// SmartSuite entry (its type name is the action node's plus "Trigger"): "(polling)" tells
				// it from the SmartSuite Trigger, and a search for "poll" finds it there.
				options: KINDS.map((kind) => ({
					...kind,
					action: `On ${kind.name.toLowerCase()} (polling)`,
				})),
				default: [],
				hint: EVENTS_HINT,
				description:
					'Kinds of events that start the workflow. Leave empty for every kind, including kinds SmartSuite may add later. A webhook created for you collects only these kinds (all three when empty).',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				// A new trigger shows Simplify switched on, as it acts when unset (issue 50).
				default: { simplify: true },
				options: [
					downloadFilesOption,
					conditionChangeOption,
					fileFieldsOption,
					{
						displayName: 'Max Events per Poll',
						name: 'maxEventsPerPoll',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 0 },
						default: 0,
						description:
							'Most events one poll emits; the rest follow on the next polls. 0 means no limit.',
					},
					maxRunSizeOption,
					conditionRulesOption,
					conditionOption,
					conditionMatchOption,
					{
						displayName: 'Page Size',
						name: 'pageSize',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: MAX_PAGE_SIZE, numberPrecision: 0 },
						default: DEFAULT_PAGE_SIZE,
						description:
							'Events asked for per API request while only a few events are new. Activation and backlogs are read in pages of 1,000 (or the most SmartSuite serves) whatever this is.',
					},
					readableValuesOption,
					richTextAsOption,
					simplifyOption,
					{
						displayName: 'Start From',
						name: 'startFrom',
						type: 'options',
						options: [
							{
								name: 'New Events',
								value: 'newEvents',
								description:
									'Skip the events stored before the workflow was activated: all events up to where activation first reads to the end of the stored events',
							},
							{
								name: 'All Stored Events',
								value: 'allStoredEvents',
								description: 'Emit the events already stored on the first poll, then the new ones',
							},
						],
						default: 'newEvents',
						description:
							'Where the first poll after activation starts, on an existing webhook. A webhook created for you is always read from its first event: it holds only changes made since it was created.',
					},
				],
			},
		],
	};

	methods = { listSearch, loadOptions: { ...loadOptions, ...conditionLoadOptions } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		if (this.getMode() === 'manual') return await pollSource(this, pollBudgetMs(this));
		const state = this.getWorkflowStaticData('node');
		const budgetMs = pollBudgetMs(this);
		// Taken before the first await, so that a poll started meanwhile finds it.
		const lease = takeLease(state, budgetMs + POLL_LIMITS.leaseMarginMs);
		if (!lease) {
			this.logger.warn(
				`${POLLING_TRIGGER}: the previous poll is still running, so this one is skipped`,
			);
			return null;
		}
		try {
			return await pollSource(this, budgetMs);
		} finally {
			releaseLease(state, lease);
		}
	}
}

/**
 * Reads the events of one webhook (what poll does once it knows the webhook). With no position
 * saved in it, `start` says where it starts: an existing webhook where Start From says (after a
 * GetWebhook that it is enabled); a managed one from its first event, since it holds only changes
 * made after it was created (and the list it was found in, or its creation, said it is enabled);
 * 'end': at the end of its stream, passing over every event stored so far (managed.ts).
 */
async function pollWebhook(
	this: IPollFunctions,
	webhookId: string,
	clock: PollClock,
	start: WebhookStart,
): Promise<WebhookRead> {
	const node = this.getNode();
	const kinds = this.getNodeParameter('events', []) as string[];
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	const pageSize = requireWholeNumber(node, options.pageSize ?? DEFAULT_PAGE_SIZE, 'Page Size', {
		min: 1,
		max: MAX_PAGE_SIZE,
	});
	const maxEvents = requireWholeNumber(node, options.maxEventsPerPoll ?? 0, 'Max Events per Poll', {
		min: 0,
		max: Number.MAX_SAFE_INTEGER,
	});
	const files = filesOptionOf(node, options, clock, POLLING_TRIGGER);
	// Fetch Test Event shows the latest change whatever the condition: the data to build on.
	const condition =
		this.getMode() === 'manual' ? undefined : readCondition(node, options, this.getTimezone());
	const state = this.getWorkflowStaticData('node');
	const saved = savedCursor(state, webhookId);
	const api = await webhookApi(this, webhookId, clock);
	if (!saved && start === 'startFrom') await api.checkWebhook();
	// Activation of a webhook of the trigger's scope: a condition Search would refuse on a watched
	// table fails it.
	if (!saved && start === 'firstEvent' && condition)
		await checkOnTables(this, condition, readWanted(this).filter, runBudget(clock, 'poll'));
	const isWanted = (event: IDataObject) => kinds.length === 0 || kinds.includes(String(event.kind));
	const simplify = options.simplify !== false;
	const toItems = async (events: IDataObject[]): Promise<INodeExecutionData[][] | null> => {
		const items = await eventItems(this, events, {
			simplify,
			readable: options.readableValues !== false,
			richText: options.richTextAs,
			trigger: POLLING_TRIGGER,
			keptFor: `${this.getWorkflow().id}|${node.id}|${webhookId}`,
			files,
			budget: runBudget(clock, 'poll'),
			condition,
		});
		return items.length > 0 ? [items] : null;
	};
	const bounds = { timeLeft: eventsTimeLeft(clock, files, simplify), maxPages: clock.maxPages };

	if (this.getMode() === 'manual') {
		const reading = { pageSize, largePageSize: MAX_PAGE_SIZE, ...bounds };
		const latest = await latestEvent(api, isWanted, saved, reading);
		return { output: latest ? await toItems([latest]) : null, reachedEnd: true };
	}

	// Compared after the drain: a poll that outlived its lease must not emit what a later one did.
	const stateAtStart = JSON.stringify(state);
	const newEventsOnly =
		start === 'end' ||
		(start === 'startFrom' && (options.startFrom ?? 'newEvents') === 'newEvents');
	const from = saved ?? { ...START_CURSOR, activationScan: newEventsOnly };
	// Activation with "New Events": read to the end of the stream, emitting nothing.
	const scan = from.activationScan;
	const result = await drain(from, {
		fetchPage: api.fetchPage,
		isWanted: scan ? () => false : isWanted,
		maxEvents: scan || maxEvents === 0 ? Infinity : maxEvents,
		// Nothing read yet: the stream's start is a backlog, read with the largest pages.
		pageSize: saved && !scan ? pageSize : MAX_PAGE_SIZE,
		largePageSize: MAX_PAGE_SIZE,
		...bounds,
	});
	// Built before the state is compared and moved: readable values may take requests. Events
	// the condition leaves out move the cursor past them all the same.
	const output = result.emitted.length > 0 ? await toItems(result.emitted) : null;
	const cursor = { ...result.cursor, activationScan: scan && !result.reachedEnd };
	// A poll that outlived its lease was overtaken by one that started from the same state and
	// moved it: what this one read is stale.
	if (JSON.stringify(state) !== stateAtStart) return { output: null, reachedEnd: false };
	if (result.error && scan && movedOn(from, cursor)) {
		// Keep what the scan passed over (n8n 2.8 saves the state after the activation poll);
		// if n8n drops it, the next poll scans again from the start.
		this.logger.warn(
			`${POLLING_TRIGGER}: reading past the events stored before activation stopped at an error; the next poll continues from there. ${result.error.message}`,
		);
		saveCursor(state, webhookId, cursor);
		return { output: null, reachedEnd: false };
	}
	if (result.error && result.emitted.length === 0) throw result.error;
	logDrain(this.logger, result, POLLING_TRIGGER, 'poll');
	// Every item was built before the state moves: nothing can throw after it has. The state is
	// saved with these items; a poll that returns none may lose it (see cursor.ts), which only
	// costs re-reading events it passed over.
	saveCursor(state, webhookId, cursor);
	return { output, reachedEnd: result.reachedEnd };
}

/**
 * The poll for the webhook the user gave, or the one the trigger manages. Fetch Test Event with
 * no matching event (or no webhook yet) shows a sample of the watched tables instead.
 */
async function pollSource(
	context: IPollFunctions,
	budgetMs: number,
): Promise<INodeExecutionData[][] | null> {
	// A condition that cannot be read is an error before any request, in every mode (Fetch Test
	// Event's too, which then shows the latest change whatever the condition).
	const condition = readCondition(
		context.getNode(),
		context.getNodeParameter('options', {}) as TriggerOptions,
		context.getTimezone(),
	);
	// One budget for the whole poll: finding or creating a managed webhook counts too.
	const clock = startPollClock({ budgetMs, maxPages: POLL_LIMITS.maxPages });
	const managed = context.getNodeParameter('source', 'existing') === 'managed';
	// Fetch Test Event checks the condition against the tables activation checks it on: a field,
	// comparison or value a watched table refuses is shown while building, not once published.
	if (condition && managed && context.getMode() === 'manual')
		await checkOnTables(context, condition, readWanted(context).filter, runBudget(clock, 'poll'));
	// extractValue: a resource locator's id, or the plain string version 1 saved.
	const webhookId = managed
		? ''
		: requireId(
				context.getNode(),
				context.getNodeParameter('webhookId', '', { extractValue: true }),
				'Webhook ID',
			);
	const output = managed
		? await pollManagedWebhook(context, pollWebhook, clock)
		: (await pollWebhook.call(context, webhookId, clock, 'startFrom')).output;
	if (output !== null || context.getMode() !== 'manual') return output;
	return await sampleOutput(
		context,
		managed ? readWanted(context) : await scopeOfWebhook(context, webhookId),
		clock,
	);
}

/** Fetch Test Event's sample items, shown as a published poll would show the events. */
async function sampleOutput(
	context: IPollFunctions,
	scope: Scope,
	clock: PollClock,
): Promise<INodeExecutionData[][]> {
	const kinds = context.getNodeParameter('events', []) as string[];
	const samples = await sampleEvents(context, scope, kinds, runBudget(clock, 'poll'));
	if (samples.length === 0) return [[{ json: { ...NO_SAMPLE } }]];
	const options = context.getNodeParameter('options', {}) as TriggerOptions;
	return [
		await eventItems(context, samples, {
			simplify: options.simplify !== false,
			readable: options.readableValues !== false,
			richText: options.richTextAs,
			trigger: POLLING_TRIGGER,
			keptFor: `${context.getWorkflow().id}|${context.getNode().id}|sample`,
			files: filesOptionOf(context.getNode(), options, clock, POLLING_TRIGGER),
			budget: runBudget(clock, 'poll'),
		}),
	];
}

/**
 * "Fetch test event": the most recent wanted event, without touching the state. Reads from the
 * saved position when there is one, and from the first page when nothing wanted follows it.
 * Only the latest match is kept while reading, so a long history never fills the memory.
 */
async function latestEvent(
	api: WebhookApi,
	isWanted: (event: IDataObject) => boolean,
	saved: Cursor | undefined,
	reading: Pick<DrainOptions, 'pageSize' | 'largePageSize' | 'timeLeft' | 'maxPages'>,
): Promise<IDataObject | undefined> {
	const startTokens = saved?.pageToken ? [saved.pageToken, ''] : [''];
	for (const pageToken of startTokens) {
		let latest: IDataObject | undefined;
		const keepLatest = (event: IDataObject) => {
			if (isWanted(event)) latest = event;
			return false;
		};
		const { error } = await drain(
			{ ...START_CURSOR, pageToken },
			{ fetchPage: api.fetchPage, isWanted: keepLatest, maxEvents: Infinity, ...reading },
		);
		if (latest) return latest;
		if (error) throw error;
	}
	return undefined;
}
