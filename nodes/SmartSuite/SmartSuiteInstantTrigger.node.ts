import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	ITriggerFunctions,
	ITriggerResponse,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { listSearch, loadOptions } from './shared/listSearch';
import { conditionLoadOptions } from './trigger/conditionFields';
import { KINDS, scopeFields } from './shared/scope';
import {
	checkSoon,
	createOrResume,
	forgetChecks,
	keepAlive,
	onPing,
	recoverAfterFailure,
	stopNotifications,
	webhookExists,
} from './trigger/instant';
import {
	conditionChangeOption,
	conditionMatchOption,
	conditionOption,
	conditionRulesOption,
} from './trigger/condition';
import {
	EVENTS_HINT,
	downloadFilesOption,
	fileFieldsOption,
	maxRunSizeOption,
	readableValuesOption,
	richTextAsOption,
	simplifyOption,
} from './trigger/outputOptions';

/** A number of its own for each node (from its id), so that many triggers do not tick at the same second. */
function spread(nodeId: string): number {
	let hash = 0;
	for (const char of nodeId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
	return hash;
}

/** A daily time of the node's own. n8n's cron has six fields, seconds first. */
function dailyAt(nodeId: string): `${number} ${number} ${number} * * *` {
	const hash = spread(nodeId);
	return `${hash % 60} ${Math.floor(hash / 60) % 60} ${Math.floor(hash / 3600) % 24} * * *`;
}

/** Once a minute, at a second of the node's own. */
const everyMinuteAt = (nodeId: string): `${number} * * * * *` => `${spread(nodeId) % 60} * * * * *`;

export class SmartSuiteInstantTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SmartSuite Trigger',
		name: 'smartSuiteInstantTrigger',
		icon: { light: 'file:smartsuite.svg', dark: 'file:smartsuite.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Notified by SmartSuite"}}',
		description:
			'Starts the workflow within seconds of a record change in SmartSuite: SmartSuite notifies n8n, the trigger reads the new events',
		defaults: { name: 'SmartSuite Trigger' },
		inputs: [],
		// The legacy rule predates NodeConnectionTypes, whose Main is the string 'main'.
		// eslint-disable-next-line n8n-nodes-base/node-class-description-outputs-wrong
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'smartSuiteWorkspaceApi', required: true }],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'smartsuite' },
		],
		// n8n's own words ask to "create an event" in SmartSuite; these say what to change there.
		triggerPanel: {
			header: 'Pull in record changes from SmartSuite',
			executionsHelp: {
				inactive:
					"<b>While building your workflow</b>, click the 'execute step' button, then change a record in a table this trigger watches in SmartSuite: SmartSuite notifies n8n within seconds and the change shows up in this editor.<br /><br /><b>Once you're happy with your workflow</b>, publish it. Then every change in the watched tables starts an execution; these show up in the executions list, not in the editor.",
				active:
					"<b>While building your workflow</b>, click the 'execute step' button, then change a record in a table this trigger watches in SmartSuite: the change shows up in this editor.<br /><br /><b>Your workflow also runs by itself</b>, since it is published: every change in the watched tables starts an execution, shown in the executions list, not in the editor.",
			},
			activationHint: {
				inactive:
					'Once the workflow is built, publish it: then every change of a record in the watched SmartSuite tables starts it (those executions are not shown here).',
				active:
					'Every change of a record in the watched SmartSuite tables also starts this workflow (those executions are not shown here).',
			},
		},
		properties: [
			{
				displayName:
					"SmartSuite must reach this n8n's webhook URL (a public address). On activation the trigger creates a webhook for the solution, tables or fields below that notifies n8n; deactivating only switches its notifications off (it keeps collecting events, read when the workflow is active again). SmartSuite deletes a webhook nobody reads for 14 days.",
				name: 'instantNotice',
				type: 'notice',
				default: '',
			},
			...scopeFields({}),
			{
				// Not "Events": n8n's nodes panel lists a trigger's "Events" options under the node and
				// then shows its name without "Trigger" (NodeItem.vue), a second "SmartSuite" beside the
				// action node's entry. Without them this node is listed as the "SmartSuite Trigger".
				displayName: 'Record Events',
				name: 'events',
				type: 'multiOptions',
				options: KINDS,
				default: [],
				hint: EVENTS_HINT,
				description:
					'Kinds of events that start the workflow (all three when empty). The webhook collects only these kinds.',
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
						displayName: 'Max Events per Run',
						name: 'maxEventsPerPoll',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 0 },
						default: 0,
						description:
							'Most events one notification emits; SmartSuite is asked to notify again for the rest. 0 means no limit.',
					},
					maxRunSizeOption,
					conditionRulesOption,
					conditionOption,
					conditionMatchOption,
					readableValuesOption,
					richTextAsOption,
					simplifyOption,
				],
			},
		],
	};

	methods = { listSearch, loadOptions: { ...loadOptions, ...conditionLoadOptions } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await webhookExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await createOrResume.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await stopNotifications.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await onPing.call(this);
	}

	/**
	 * The execution a ping starts begins at this node with the ping's events as its input. n8n runs
	 * that node through execute() when it has one; without it, a manual execution ("Listen for test
	 * event") would run trigger() and wait for an emit that never comes.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}

	/**
	 * n8n runs a trigger's schedule beside its webhook while the workflow is active: the daily
	 * keep-alive, and a minute tick that costs nothing unless a failure was noticed (recovery.ts).
	 * After a restart (or another main taking over) one check is due: a failure noticed before
	 * was kept in memory only.
	 */
	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		if (this.getMode() === 'manual') return {};
		const nodeId = this.getNode().id;
		this.helpers.registerCron({ expression: dailyAt(nodeId) }, () => void keepAlive(this));
		this.helpers.registerCron(
			{ expression: everyMinuteAt(nodeId) },
			() => void recoverAfterFailure(this),
		);
		if (['init', 'leadershipChange'].includes(this.getActivationMode())) checkSoon(this);
		return { closeFunction: async () => forgetChecks(this) };
	}
}
