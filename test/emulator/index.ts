/** The SmartSuite emulator: two real HTTP servers on 127.0.0.1 sharing one in-memory store. */
import { addComment } from './comments';
import { seedDemo } from './demo';
import { Faults } from './faults';
import {
	RateLimiter,
	RequestLog,
	type RunningServer,
	type ServerContext,
	startServer,
} from './server';
import { applyIdleRule } from './lifetime';
import { Notifier } from './notifications';
import * as recordsApi from './records';
import { attachFile, uploadedFile } from './recordFiles';
import { fileHostOf } from './fileUrls';
import { RawElement, Store } from './store';
import { addView } from './views';
import {
	DEFAULT_VARIANT,
	type Emulator,
	type EmulatorOptions,
	type EventObject,
	type RecordObject,
} from './types';

export * from './types';
export { startDemoChanges } from './demo';

export const DEFAULT_API_KEY = 'emu-key-0123456789abcdef0123456789abcdef';
export const DEFAULT_WORKSPACE_ID = 'sv25cxf2';

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	const apiKey = options.apiKey ?? DEFAULT_API_KEY;
	const workspaceId = options.workspaceId ?? DEFAULT_WORKSPACE_ID;
	const store = new Store(workspaceId, { ...DEFAULT_VARIANT, ...options.variant });
	const log = new RequestLog();
	const notifier = new Notifier(store);
	store.onAppend = (webhookId, count) => notifier.eventsAppended(webhookId, count);
	/** The 7-day rule, applied before a control reads or changes the webhooks (the server does so per request). */
	const aged = <T>(control: () => T): T => {
		applyIdleRule(store);
		return control();
	};
	const context: ServerContext = {
		store,
		faults: new Faults(),
		log,
		rateLimiter: new RateLimiter(),
		apiKey,
		workspaceId,
	};

	const started = await Promise.allSettled([
		startServer('records', context, options.recordsPort ?? 0),
		startServer('webhooks', context, options.webhooksPort ?? 0),
	]);
	const servers = started.flatMap((result) =>
		result.status === 'fulfilled' ? [result.value] : [],
	);
	const failed = started.find(
		(result): result is PromiseRejectedResult => result.status === 'rejected',
	);
	if (failed) {
		await Promise.all(servers.map((server) => server.close()));
		throw failed.reason;
	}
	const [records, webhooks] = servers as [RunningServer, RunningServer];
	const fileHost = fileHostOf(store);
	try {
		await fileHost.start();
	} catch (error) {
		await Promise.all(servers.map((server) => server.close()));
		throw error;
	}

	const demo: Emulator['demo'] = {
		tableId: '',
		recordIds: [],
		deletedRecordIds: [],
		webhookId: '',
		solutionId: '',
		fieldTypesTableId: '',
		viewIds: [],
	};
	const emulator: Emulator = {
		baseUrl: records.url,
		webhooksUrl: webhooks.url,
		apiKey,
		workspaceId,
		requests: log.entries,
		resetLog: () => {
			log.reset();
			fileHost.requests.length = 0;
		},
		variant: () => ({ ...store.variant }),
		setVariant: (patch) => {
			store.variant = { ...store.variant, ...patch };
		},
		injectFault: (fault) => context.faults.add(fault),
		clearFaults: () => {
			context.faults.clear();
			fileHost.clearFaults();
		},
		expireTokens: () => {
			store.tokenGeneration++;
		},
		addDeletedRecord: (tableId, fields) => store.addRecord(tableId, fields, true),
		addRecord: (tableId, fields) => store.addRecord(tableId, fields),
		getRecord: (tableId, recordId) => store.getRecord(tableId, recordId),
		createRecord: (tableId, values) =>
			aged(() => {
				const { record, events } = recordsApi.createRecord(store, tableId, values);
				return { record: store.getRecord(tableId, String(record.id)) as RecordObject, events };
			}),
		updateRecord: (tableId, recordId, values) =>
			aged(() => {
				const { events } = recordsApi.updateRecord(store, tableId, recordId, values, 'patch');
				return { record: store.getRecord(tableId, recordId) as RecordObject, events };
			}),
		deleteRecord: (tableId, recordId) => store.deleteRecord(tableId, recordId),
		createWebhook: (fields) => store.createWebhook(fields),
		getWebhook: (webhookId) => aged(() => store.webhooks.get(webhookId)?.webhook),
		setWebhookStatus: (webhookId, status) => aged(() => store.setWebhookStatus(webhookId, status)),
		deleteWebhook: (webhookId) => store.deleteWebhook(webhookId),
		appendEvents: (webhookId, events) => aged(() => store.appendEvents(webhookId, events)),
		webhooks: () => aged(() => [...store.webhooks.values()].map((state) => state.webhook)),
		notifications: notifier.log,
		resetNotifications: () => notifier.resetLog(),
		settleNotifications: (timeoutMs) => notifier.settle(timeoutMs),
		holdNotifications: () => notifier.hold(),
		releaseNotifications: () => notifier.release(),
		heldNotifications: () => notifier.heldCount(),
		addSolution: (fields) => store.addSolution(fields),
		addTable: (solutionId, fields) => store.addTable(solutionId, fields),
		addFieldTypesTable: (solutionId, fields) => store.addFieldTypesTable(solutionId, fields),
		addView: (tableId, view) => addView(store, tableId, view),
		getTable: (tableId) => store.table(tableId),
		records: (tableId, { deleted } = {}) =>
			[...store.recordsOf(tableId).values()]
				.filter((stored) => deleted === undefined || stored.deleted === deleted)
				.map((stored) => stored.record),
		members: () => store.members,
		addMember: (fields) => store.addMember(fields),
		removeMember: (memberId) => store.removeMember(memberId),
		teams: () => store.teams,
		addTeam: (fields) => store.addTeam(fields),
		comments: () => store.comments,
		addComment: (tableId, recordId, fields = {}) =>
			addComment(store, tableId, recordId, fields, fields.member),
		addTag: (label, options) => store.addTag(label, options),
		recordChanges: (tableId, events) => aged(() => store.recordChanges(tableId, events)),
		appendRawElements: (webhookId, jsonTexts) =>
			aged(() => store.appendRawElements(webhookId, jsonTexts)),
		events: (webhookId) =>
			aged(
				() =>
					(store.webhooks.get(webhookId)?.events ?? []).filter(
						(event) => !(event instanceof RawElement),
					) as EventObject[],
			),
		elements: (webhookId) =>
			aged(() =>
				(store.webhooks.get(webhookId)?.events ?? []).map((event) =>
					event instanceof RawElement ? JSON.parse(event.json) : event,
				),
			),
		uploadedFile: (handle) => uploadedFile(store, handle),
		addFile: (tableId, recordId, fieldSlug, file) =>
			aged(() => {
				attachFile(store, tableId, recordId, fieldSlug, file);
				return store.getRecord(tableId, recordId) as RecordObject;
			}),
		filesUrl: fileHost.url,
		fileRequests: fileHost.requests,
		fileHostFault: (fault) => fileHost.addFault(fault),
		demo,
		close: async () => {
			notifier.close();
			await Promise.all([records.close(), webhooks.close(), fileHost.close()]);
		},
	};
	if (options.demo) Object.assign(demo, seedDemo(emulator));
	return emulator;
}
