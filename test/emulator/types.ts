/**
 * Public contract of the SmartSuite emulator (test/emulator). Tests, the e2e suite, `npm run dev`
 * and the benchmarks use only what is declared here.
 *
 * The emulator runs two real HTTP servers on 127.0.0.1 (one per base address, as SmartSuite has
 * two hosts) that share one in-memory store. It follows ../shared/spec/interface.md and, where the
 * spec is silent, ../shared/notes/smartsuite-api.md; what the spec leaves open is switchable.
 */

/** How the end of the ListEvents stream is signalled (spec 4.2: "not shown"). */
export type EndOfStream =
	/** Last page carries `"next_page_token": ""`. */
	| 'emptyToken'
	/** Last page has no `next_page_token` key at all. */
	| 'omittedToken'
	/** A token is always returned; asking with it past the end gives `events: []` (and a token). */
	| 'emptyPage';

/**
 * Which Twirp service name the webhooks API serves. 'spec': `service.webhooks.engine.Webhooks`
 * (the interface spec). 'smartsuite': `smartsuite.webhooks.engine.Webhooks`, as SmartSuite's own
 * host does. Any other service name or method answers 404 Twirp `bad_route`.
 */
export type Profile = 'spec' | 'smartsuite';

export interface Variant {
	profile: Profile;
	/**
	 * How GetWebhook is spelled on the route (SmartSuite's reference writes both `GetWebhook` and
	 * `GetWebhooks`); the other spelling answers `bad_route`. null: neither is routed.
	 */
	getWebhookMethod: 'GetWebhook' | 'GetWebhooks' | null;
	endOfStream: EndOfStream;
	/** proto3 JSON: empty fields are omitted (no `events` key when empty, no empty token). */
	omitEmpty: boolean;
	/** Page size used when `page_size` is absent or "". */
	defaultPageSize: number;
	/** Larger requested page sizes are clamped to this (or refused: `pageSizeAboveMax`). */
	maxPageSize: number;
	/** A `page_size` above `maxPageSize`: served `maxPageSize` events, or refused with 400 `invalid_argument` (SmartSuite documents neither). */
	pageSizeAboveMax: 'clamp' | 'refuse';
	/**
	 * What GetWebhook, ListEvents, UpdateWebhook and DeleteWebhook answer for a webhook id that does
	 * not exist: 404 `not_found` (the interface spec), 400 `invalid_argument` or 403
	 * `permission_denied` (possible on the real host: ../shared/notes/smartsuite-records.md).
	 */
	unknownWebhookStatus: 404 | 400 | 403;
	/** Every page holds `defaultPageSize` events (or fewer at the end), whatever `page_size` asks. */
	ignorePageSize: boolean;
	/**
	 * 'durable': a token stays valid forever (a forward-only cursor).
	 * 'expiring': a token is valid for `tokenTtlMs` after it was issued, and `expireTokens()` ends
	 * all issued tokens at once; an expired token answers 400 `invalid_argument`.
	 */
	tokens: 'durable' | 'expiring';
	tokenTtlMs: number;
	/** 'numeric' tokens look like the real ones ("8991625"); 'opaque' ones cannot be parsed. */
	tokenFormat: 'numeric' | 'opaque';
	/**
	 * Error bodies. Webhooks API: 'structured' = Twirp `{"code","msg","meta"}`;
	 * records API: 'structured' = JSON `{"detail": "..."}`. 'plain' = text/plain bodies on both.
	 */
	errorBodies: 'structured' | 'plain';
	/** When set, more than this many requests in one second per key answer 429 + Retry-After. */
	rateLimitPerSecond: number | null;
	/**
	 * SmartSuite refuses a key for about 30 s once it goes over its rate (REF rate-limits). When set,
	 * the first request over `rateLimitPerSecond` starts a penalty of this many seconds in which
	 * every request is refused (refusals do not lengthen it); null: only the requests over the rate
	 * within a rolling second are refused.
	 */
	rateLimitPenaltySeconds: number | null;
	/**
	 * The Retry-After of a 429 over the rate: 'secondsLeft' (of the penalty, or of the rolling
	 * second; at least 1), 'none' (SmartSuite documents none), 'zeroInPenalty' (the refusal that
	 * starts a penalty says the seconds left, the later ones within it say 0, as a proxy might).
	 */
	rateLimitRetryAfter: 'secondsLeft' | 'none' | 'zeroInPenalty';
	/**
	 * Another client of the key (a second n8n worker, another app) spending this many requests of
	 * each second of `rateLimitPerSecond`, evenly: the clients under test share what is left.
	 */
	rateLimitOtherClientPerSecond: number;
	/**
	 * Elements that are not entries (null, a number, a string, an object without an id) among
	 * the solutions, the tables and every page of ListWebhooks, as a broken server might send.
	 */
	junkInLists: boolean;

	// --- records API: where SmartSuite's reference is unclear (../shared/notes/smartsuite-records.md 1.10) ---
	/**
	 * What `total` of a list answer counts. 'matches': every record matching the filter (SmartSuite's
	 * own MCP reads it so); 'page': the records of this answer ("number of records returned").
	 */
	listTotal: 'matches' | 'page';
	/** Page size when `limit` is absent (reference: 100; the same page also says unlimited: null). */
	listDefaultLimit: number | null;
	/** Bulk update answer: the reference's array of records, or SmartSuite MCP's envelope. */
	bulkUpdateAnswer: 'array' | 'envelope';
	/** Single delete answer (undocumented): the bulk delete element, the whole record, or 204. */
	deleteAnswer: 'deletedItem' | 'record' | 'noContent';
	/**
	 * The body of a successful DeleteWebhook, UpdateWebhook and record delete: JSON, as the
	 * emulator answers otherwise; 'empty' (200 without a body); or 'text', the "200 Ok" that
	 * SmartSuite's reference shows for DeleteWebhook and UpdateWebhook.
	 */
	successBodies: 'json' | 'empty' | 'text';
	/** Select/status filter values: option ids, labels, or either (the reference's example uses a label). */
	selectFilterValues: 'id' | 'label' | 'either';
	/** A write to a read-only field (formula, count, auto number...): 422, or silently dropped. */
	readOnlyWrites: 'reject' | 'ignore';
	/** A write to a slug the table does not have: dropped, or 422. */
	unknownFieldWrites: 'ignore' | 'reject';
	/** SmartDoc writes: `{data}` and `{html}` alone both accepted, or `{data}` required. */
	smartDocWrites: 'dataOrHtml' | 'dataOnly';
	/** Number writes: numbers and numeric strings, or only one of them. */
	numberWrites: 'any' | 'string' | 'number';
	/** A member's `email` in the members list: a list of addresses (an email field), or one string. */
	memberEmail: 'list' | 'string';
	/** Comments per page of `GET /comments/` when the request names no `limit` (the reference gives none). */
	commentsPageSize: number;

	// --- notifications (test/emulator/notifications.ts; ../shared/notes/smartsuite-api.md) ---
	/**
	 * When a webhook with notifications on is pinged: 'event', once per event recorded (a bulk write of
	 * 25 records pings 25 times: the safe assumption); 'write', once per write that recorded events
	 * (one API request, or one control call) on it.
	 */
	notificationsPer: 'event' | 'write';
	/** Each ping is sent this many times (SmartSuite's "at least once": duplicates). */
	notificationCopies: number;
	/** The copies of a ping are sent all at once (true) or one after another's delivery (false). */
	notificationCopiesAtOnce: boolean;
	/** Each ping waits this long before its first attempt. */
	notificationDelayMs: number;
	/**
	 * Waits before each retry of a ping that failed (non-2xx, refused, timed out); after the last one
	 * fails, notifications are disabled. Like SmartSuite, about a day of backoff (DAY_OF_RETRIES_MS)
	 * by default, also in `npm run dev`; QUICK_RETRIES_MS in the tests
	 * (EMULATOR_NOTIFICATION_RETRIES=quick, or `--variant notificationRetryDelaysMs=quick`).
	 */
	notificationRetryDelaysMs: number[];
	/** An attempt that has no answer after this long fails (SmartSuite's is not documented). */
	notificationTimeoutMs: number;
	/**
	 * 'loopback': pings go only to 127.0.0.0/8, ::1 and localhost; to another host the attempt fails
	 * without a request ("not sent"), so nothing reaches the internet. 'any': to any host.
	 */
	notificationHosts: 'loopback' | 'any';
	/**
	 * SmartSuite's 7-day rule, on the emulator's clock (Date.now(), which tests may mock): a webhook
	 * whose events nobody read with ListEvents for 7 days is disabled (system_status and
	 * notifications); 7 days later it is deleted with its events. A ListEvents call in between
	 * enables it again for 7 days (`system_status.enabled.expires_at` is always the last read + 7 days).
	 */
	idleRule: boolean;
	/**
	 * Whether that ListEvents call also turns notifications back on (to the URL they had). SmartSuite
	 * says it "re-enables the webhook"; off by default (the harsher reading: notifications stay off
	 * until UpdateWebhook turns them on).
	 */
	idleReenablesNotifications: boolean;
	/** The record-files endpoint's answer (undocumented): the record (as ActivePieces reads it), or the field's files. */
	uploadAnswer: 'record' | 'files';
	/**
	 * records-for-report (views.ts): the whole view in one answer, as the reference documents
	 * (no paging), or pages by `offset` and `limit` in the query, as the records list does.
	 */
	viewRecordsPaging: 'whole' | 'offsetLimit';
	/**
	 * records-for-report of a dashboard (`/reports/` lists dashboards with the views; no source
	 * shows this answer): `empty`, the view shape without records, or `refused`, 400 `{"report": […]}`.
	 */
	dashboardRecords: 'empty' | 'refused';
	/** Whether `deleted-records/paginated/` is served (SmartSuite's MCP server pages it); off: a 404, the reference's list only. */
	deletedRecordsPaged: boolean;
	/** Teams list filters: on `name` and `id`, or on `name` only (`id` refused as an unknown field: no source shows it filterable). */
	teamsFilterById: boolean;
	/** Whether the records list reads the undocumented `ids` key (SmartSuite's own client sends it); off: ignored. */
	listByIds: boolean;
	/**
	 * The comments list's `next`: an absolute URL (Django REST framework's paging), or a number, the
	 * offset of the next page (the reference types `next` "number", a page token, and shows only null).
	 */
	commentsNext: 'url' | 'offset';
	/** `shared-files/<handle>/url/`: `{url}` as the reference documents, or a 302 Location as SmartSuite's MCP reads `get_url/`. */
	fileUrlAnswer: 'json' | 'redirect';
}

/** About a day of exponential backoff: 1 minute doubling to 2 hours, then every 2 hours (24.1 h in all). */
export const DAY_OF_RETRIES_MS: number[] = [
	1,
	2,
	4,
	8,
	16,
	32,
	64,
	...Array<number>(11).fill(120),
].map((minutes) => minutes * 60_000);

/** The tests' retries (env EMULATOR_NOTIFICATION_RETRIES=quick, set by test/helpers/setup-env.ts): 0.7 s in all. */
export const QUICK_RETRIES_MS: number[] = [100, 200, 400];

export const DEFAULT_VARIANT: Variant = {
	profile: 'spec',
	getWebhookMethod: 'GetWebhook',
	endOfStream: 'emptyToken',
	omitEmpty: false,
	defaultPageSize: 50,
	maxPageSize: 1000,
	pageSizeAboveMax: 'clamp',
	unknownWebhookStatus: 404,
	ignorePageSize: false,
	tokens: 'durable',
	tokenTtlMs: 60_000,
	tokenFormat: 'numeric',
	errorBodies: 'structured',
	junkInLists: false,
	rateLimitPerSecond: null,
	rateLimitPenaltySeconds: null,
	rateLimitRetryAfter: 'secondsLeft',
	rateLimitOtherClientPerSecond: 0,
	listTotal: 'matches',
	listDefaultLimit: 100,
	bulkUpdateAnswer: 'array',
	deleteAnswer: 'deletedItem',
	successBodies: 'json',
	selectFilterValues: 'either',
	readOnlyWrites: 'reject',
	unknownFieldWrites: 'ignore',
	smartDocWrites: 'dataOrHtml',
	numberWrites: 'any',
	memberEmail: 'list',
	commentsPageSize: 100,
	notificationsPer: 'event',
	notificationCopies: 1,
	notificationCopiesAtOnce: false,
	notificationDelayMs: 0,
	notificationRetryDelaysMs:
		process.env.EMULATOR_NOTIFICATION_RETRIES === 'quick' ? QUICK_RETRIES_MS : DAY_OF_RETRIES_MS,
	notificationTimeoutMs: 10_000,
	notificationHosts: 'loopback',
	idleRule: true,
	idleReenablesNotifications: false,
	uploadAnswer: 'record',
	viewRecordsPaging: 'whole',
	dashboardRecords: 'empty',
	deletedRecordsPaged: true,
	teamsFilterById: true,
	listByIds: true,
	commentsNext: 'url',
	fileUrlAnswer: 'json',
};

export type Operation =
	| 'RestoreRecord'
	| 'GetTable'
	| 'ListRecords'
	| 'GetRecord'
	| 'CreateRecord'
	| 'UpdateRecord'
	| 'ReplaceRecord'
	| 'DeleteRecord'
	| 'BulkCreateRecords'
	| 'BulkUpdateRecords'
	| 'BulkReplaceRecords'
	| 'BulkDeleteRecords'
	| 'ListMembers'
	| 'AddField'
	| 'ChangeField'
	| 'DeleteField'
	| 'ListTeams'
	| 'ListComments'
	| 'CreateComment'
	| 'UploadRecordFile'
	| 'GetFileUrl'
	| 'GetFileUrlRedirect'
	| 'ListDeletedRecords'
	| 'ListDeletedRecordsPaged'
	| 'ListSolutions'
	| 'ListTables'
	| 'GetSolution'
	| 'CreateTable'
	| 'ListEvents'
	| 'GetWebhook'
	| 'DeleteWebhook'
	| 'CreateWebhook'
	| 'UpdateWebhook'
	| 'ListWebhooks'
	| 'ListViews'
	| 'ListViewRecords';

/** What a fault does to the request it hits. */
export type FaultAction =
	/**
	 * An error answer. `afterProcessing`: the request is carried out first (records written, events
	 * raised), then the error is answered, as when SmartSuite fails after committing.
	 */
	| { type: 'status'; status: 400 | 403 | 422 | 500 | 502 | 503; afterProcessing?: boolean }
	/** 429 with this Retry-After: seconds, or any header text (an HTTP date, "-5", "0.2"); null: no header (SmartSuite documents none). */
	| { type: 'rateLimit'; retryAfterSeconds: number | string | null }
	/** The answer waits `ms`; `afterProcessing`: the request is carried out first (a webhook created), then the answer waits. */
	| { type: 'delay'; ms: number; afterProcessing?: boolean }
	/** No answer until the client goes away (a timeout); `afterProcessing`: the request is carried out first. */
	| { type: 'hang'; afterProcessing?: boolean }
	/**
	 * A records list that never ends: 'growingTotal' serves the real page with a `total` always
	 * beyond it; 'fullPages' fills every page up to `limit` with made-up records (and a growing total).
	 */
	| { type: 'endlessList'; mode: 'growingTotal' | 'fullPages' }
	/** The socket is destroyed without an answer; `afterProcessing`: the request is carried out first (a webhook created, records written). */
	| { type: 'drop'; afterProcessing?: boolean }
	/** 200 with a body that is not valid JSON. */
	| { type: 'badJson' }
	/** `count` events are appended to the webhook just before this ListEvents page is served. */
	| { type: 'appendEvents'; count: number }
	/** The page served starts with the last event of the previous page again (a duplicate). */
	| { type: 'repeatEvent' }
	/** The webhook (and its events) is deleted before this request is handled. */
	| { type: 'deleteWebhook' }
	/** The webhook's system_status becomes `{disabled: {}}` before this request is handled. */
	| { type: 'expireWebhook' }
	/** All issued page tokens expire before this request is handled (needs tokens: 'expiring'). */
	| { type: 'expireTokens' };

export interface FaultMatch {
	/** Only requests for this operation, or one of these (default: any). */
	operation?: Operation | Operation[];
	/** Only requests whose absolute number (1-based, since start or `resetLog`) is this. */
	requestNumber?: number;
	/** Let this many matching requests pass before the fault starts hitting (default 0). */
	skip?: number;
}

export interface FaultSpec extends FaultMatch {
	action: FaultAction;
	/** How many matching requests it hits (default 1; Infinity for always). */
	times?: number;
}

export interface ReceivedRequest {
	/** 1-based number of this request since start (or since `resetLog`). */
	n: number;
	api: 'records' | 'webhooks';
	method: string;
	/** Path as received, still URL-encoded (e.g. "/api/v1/applications/t1/records/..%2Fx/restore/"). */
	path: string;
	/** Path segments decoded (what the server matched on). */
	operation: Operation | null;
	/** Lower-cased header names. */
	headers: Record<string, string | string[] | undefined>;
	rawBody: string;
	/** Parsed JSON body, or undefined when it was not JSON. */
	body: unknown;
	/** Status the emulator answered with (0 when the connection was dropped). */
	status: number; /** When the request arrived (ms since the epoch), to tell how requests were spaced. */
	receivedAt: number;
}

/** One attempt to deliver a ping to a webhook's notification URL. */
export interface NotificationAttempt {
	/** 1-based, in the order attempts started (since start or `resetNotifications`). */
	n: number;
	webhookId: string;
	url: string;
	/** The JSON text POSTed: `{"webhookId":…,"locator":{"accountId":…,"solutionId":…}}`. */
	body: string;
	/** Which copy of the ping (1 to notificationCopies). */
	copy: number;
	/** 1 for the first try, 2 for the first retry, … */
	attempt: number;
	/** Status of the answer; null when there was none (error says why). */
	status: number | null;
	/** 'ECONNREFUSED', 'timeout', 'not sent: …'; null when answered. */
	error: string | null;
	/** Answered 2xx: the ping is delivered. */
	ok: boolean;
	/** When the attempt started (ISO, emulator clock). */
	at: string;
	/** This was the last retry and it failed: the webhook's notifications were disabled. */
	gaveUp: boolean;
}

/** What the file host does to the next request it gets (see fileUrls.ts). */
export type FileHostFault =
	| { type: 'status'; status: number }
	/** No answer at all (until the client gives up). */
	| { type: 'hang' }
	/** The headers and half the bytes, then the connection is cut, or (`stall`) nothing more comes. */
	| { type: 'cut' }
	| { type: 'stall' }
	/** A 302 to `to`, or to the same address again. */
	| { type: 'redirect'; to?: string }
	/** These bytes instead of the file's (with their own Content-Length). */
	| { type: 'body'; bytes: Buffer }
	/** The file's bytes without a Content-Length (chunked). */
	| { type: 'noLength' };

/** A request the file host received. */
export interface ReceivedFileRequest {
	method: string;
	path: string;
	/** Lower-cased header names. */
	headers: Record<string, string | string[] | undefined>;
}

/** A file as the record-files endpoint received it. */
export interface UploadedFile {
	handle: string;
	filename: string;
	mimetype: string;
	bytes: Buffer;
}

export interface LocatorObject {
	account_id: string;
	solution_id: string;
	application_id?: string;
}

export interface WebhookObject {
	webhook_id: string;
	locator: LocatorObject;
	filter: Record<string, unknown>;
	kinds: string[];
	created_at: { by: string; at: string };
	updated_at: { by: string; at: string };
	notification_status: { enabled: { url: string } } | { disabled: Record<string, never> };
	system_status: { enabled: { expires_at: string } } | { disabled: Record<string, never> };
}

export interface EventObject {
	webhook_id: string;
	locator: LocatorObject;
	event_id: string;
	kind: string;
	event_at: string;
	record_event_data: {
		record_id: string;
		locator: LocatorObject;
		data: Record<string, unknown>;
		previous: Record<string, unknown>;
	};
	ctx: {
		change_id: string;
		change_size: number;
		batch_id: string;
		batch_size: number;
		source: string;
		handler: string;
	};
}

/** A solution as `GET /api/v1/solutions/` lists it (the fields integrations read). */
export interface SolutionObject {
	id: string;
	name: string;
	slug: string;
	logo_icon: string;
	logo_color: string;
	status: string;
	hidden: boolean;
}

/** An option of a select or status field: `value` is the option id written and read. */
export interface ChoiceObject {
	value: string;
	label: string;
	value_color?: string;
}

/** One field of a table's `structure`. */
export interface FieldObject {
	slug: string;
	label: string;
	field_type: string;
	/** required, unique, primary, system, is_auto_generated, choices, linked_application, entries_allowed... */
	params: Record<string, unknown> & { choices?: ChoiceObject[]; required?: boolean };
}

/** A workspace member as `POST /api/v1/members/list/` lists it. */
export interface MemberObject {
	id: string;
	email: string[] | string;
	full_name: { first_name: string; last_name: string; sys_root: string };
	role: string;
	status: { value: string };
	[key: string]: unknown;
}

/** A team as `POST /api/v1/teams/list/` lists it (org-management/teams/team-object.md). */
export interface TeamObject {
	id: string;
	name: string;
	type: string;
	status: { value: string };
	owners: string[];
	members: string[];
	[key: string]: unknown;
}

/** A comment as `/api/v1/comments/` answers it (solution-data/comments/comment-object.md). */
export interface CommentObject {
	id: string;
	solution: string;
	application: string;
	record: string;
	member: string;
	message: { data: unknown; html: string; preview: string };
	parent_comment: string | null;
	assigned_to: string | null;
	created_on: string;
	[key: string]: unknown;
}

/** A table ("application") as `GET /api/v1/applications/?solution=<id>` lists it. */
export interface TableObject {
	id: string;
	name: string;
	/** Id of its solution. */
	solution: string;
	slug: string;
	order: number;
	structure: FieldObject[];
}

/**
 * A view ("report") of a table as `GET /api/v1/reports/?application=<id>` lists it (SmartSuite's
 * own MCP server; the fields of the reference's Create View). Its filter and sort are in `state`.
 */
export interface ViewObject {
	id: string;
	label: string;
	application: string;
	solution: string;
	view_mode: string;
	order: number;
	description: string;
	owner: string;
	is_private: boolean;
	state: {
		/**
		 * SmartSuite's current views keep their conditions in `new_filters` with `filter.fields`
		 * empty (a captured `/reports/` answer); older views keep them in `filter`, without `new_filters`.
		 */
		filterWindow: {
			opened: boolean;
			filter: { operator: 'and' | 'or'; fields: unknown[] };
			new_filters?: { operator: 'and' | 'or'; conditions: unknown[] };
		};
		sortWindow: { sort: Array<{ field: string; direction: 'asc' | 'desc' }> };
		fieldsWindow: { visibleFields: string[] };
	};
	/** A dashboard's tabs, footer and style (`view_mode` "dashboard"); null for a view. */
	dashboard: Record<string, unknown> | null;
}

/** What `addView` takes: filter and sort as the records list's body, the rest optional. */
export interface NewView {
	id?: string;
	label?: string;
	view_mode?: string;
	filter?: ViewObject['state']['filterWindow']['filter'];
	/** Where the filter is kept: `new_filters` (SmartSuite's current views, the default) or `filter` (older views, no `new_filters`). */
	filterIn?: 'new_filters' | 'filter';
	sort?: ViewObject['state']['sortWindow']['sort'];
	visibleFields?: string[];
}

export type RecordObject = Record<string, unknown> & { id: string; title: string };

/** A tag of a tag pool (field-types reference: tags are ids of tags, not options of the field). */
export interface TagObject {
	id: string;
	label: string;
	/** The solution whose private tags fields read it; null: public, for every public tags field of the workspace. */
	solution: string | null;
}

export interface NewEvent {
	/** Default 'RECORD_UPDATED'. Any string is accepted (the list of kinds is open). */
	kind?: string;
	recordId?: string;
	applicationId?: string;
	/** Field values after the change; merged into a full record shape (spec 2.1). */
	data?: Record<string, unknown>;
	/** Prior values; {} for creations. */
	previous?: Record<string, unknown>;
}

export interface EmulatorOptions {
	/** Port of the records API (default 0: any free port). */
	recordsPort?: number;
	/** Port of the webhooks API (default 0). */
	webhooksPort?: number;
	apiKey?: string;
	workspaceId?: string;
	variant?: Partial<Variant>;
	/** Seed the demo data set (a table with deleted records, a webhook with events). */
	demo?: boolean;
}

export interface Emulator {
	/** Records API base, e.g. "http://127.0.0.1:40123" (no trailing slash). */
	readonly baseUrl: string;
	/** Webhooks API base, e.g. "http://127.0.0.1:40124" (no trailing slash). */
	readonly webhooksUrl: string;
	readonly apiKey: string;
	readonly workspaceId: string;
	/** Every request received, in order. */
	readonly requests: ReceivedRequest[];
	resetLog(): void;

	variant(): Variant;
	setVariant(patch: Partial<Variant>): void;

	/** Adds a fault; returns a function that removes it. */
	injectFault(fault: FaultSpec): () => void;
	clearFaults(): void;
	expireTokens(): void;

	/** Seeds a deleted record in a table; returns the stored record (deleted_date set). */
	addDeletedRecord(tableId: string, fields?: Partial<RecordObject>): RecordObject;
	/** Seeds a record that is not deleted. */
	addRecord(tableId: string, fields?: Partial<RecordObject>): RecordObject;
	getRecord(tableId: string, recordId: string): RecordObject | undefined;
	/**
	 * Creates a record of a seeded table as `POST .../records/` does: values checked (an ApiError
	 * when refused), record stored, RECORD_CREATED raised on the webhooks watching it. Returns the
	 * stored record and the events raised (all webhooks).
	 */
	createRecord(
		tableId: string,
		values: Record<string, unknown>,
	): { record: RecordObject; events: EventObject[] };
	/** Changes a live record as `PATCH .../records/<id>/` does (checks, RECORD_UPDATED with previous; no event when nothing changed). */
	updateRecord(
		tableId: string,
		recordId: string,
		values: Record<string, unknown>,
	): { record: RecordObject; events: EventObject[] };
	/** Deletes a record (again): it becomes restorable; undefined when unknown or already deleted. */
	deleteRecord(tableId: string, recordId: string): RecordObject | undefined;

	createWebhook(fields?: Partial<WebhookObject>): WebhookObject;
	getWebhook(webhookId: string): WebhookObject | undefined;
	/**
	 * Switches a webhook's statuses, as SmartSuite does on its own (`notifications: 'disabled'`: after
	 * a day of failed pings; `system: 'disabled'`: expired, and it stays so until enabled here).
	 * `notifications: 'enabled'` turns them on to the URL they last had (an example.com URL when
	 * none, which the loopback guard never sends to); `{ url }` to that URL.
	 */
	setWebhookStatus(
		webhookId: string,
		status: {
			system?: 'enabled' | 'disabled';
			notifications?: 'enabled' | 'disabled' | { url: string };
		},
	): void;
	/**
	 * Pings sent to notification URLs, every attempt, in the order they started (a live array).
	 * Pings go out after each event recorded on a webhook whose notifications and system status
	 * are enabled (see the notification* variants).
	 */
	readonly notifications: NotificationAttempt[];
	resetNotifications(): void;
	/**
	 * Resolves once no ping is being delivered or waits for a retry (held pings do not count);
	 * rejects after `timeoutMs` (default 30 s) with what is still under way.
	 */
	settleNotifications(timeoutMs?: number): Promise<void>;
	/** Pings from now on are kept, not sent, until `releaseNotifications()` sends them all at once. */
	holdNotifications(): void;
	releaseNotifications(): void;
	/** Pings kept by holdNotifications, not yet sent. */
	heldNotifications(): number;
	/** Deletes a webhook with its events, as SmartSuite does after 14 idle days; false when unknown. */
	deleteWebhook(webhookId: string): boolean;
	/** Appends events in order; returns them as stored (ids are `<webhook_id>.<sequence>`). */
	appendEvents(webhookId: string, events: NewEvent[] | number): EventObject[];
	/** Every webhook, in creation order (also those created over HTTP). */
	webhooks(): WebhookObject[];
	/** Seeds a solution (listed by `GET /api/v1/solutions/`). */
	addSolution(fields?: Partial<SolutionObject>): SolutionObject;
	/** Seeds a table of a seeded solution, with the usual fields in its structure (or the one given). */
	addTable(solutionId: string, fields?: Partial<TableObject>): TableObject;
	/**
	 * Seeds a table holding one field of every emulated type (fixtures FIELD_TYPES_STRUCTURE): text,
	 * number, yes/no, selects, status, dates, linked records (to itself), users, email, phone, link,
	 * full name, address, SmartDoc, files and the read-only ones (formula, rollup, count, ...).
	 */
	addFieldTypesTable(solutionId: string, fields?: Partial<TableObject>): TableObject;
	/** Seeds a view of a seeded table (listed by `GET /api/v1/reports/?application=<id>`, its records by records-for-report). */
	addView(tableId: string, view?: NewView): ViewObject;
	/** A table's structure as `GET /api/v1/applications/<id>/` serves it; undefined when unknown. */
	getTable(tableId: string): TableObject | undefined;
	/** Live and deleted records of a table, in creation order, as stored (empty values kept). */
	records(tableId: string, options?: { deleted?: boolean }): RecordObject[];
	/** Members of the workspace (seeded with a few; the first is the emulator's user). */
	members(): MemberObject[];
	addMember(fields?: Partial<MemberObject>): MemberObject;
	/** Removes a member as SmartSuite does: still listed, with `deleted_date.date` set. */
	removeMember(memberId: string): MemberObject;
	/** Teams of the workspace; a team's members get its id in their `teams`. */
	teams(): TeamObject[];
	addTeam(fields?: Partial<TeamObject>): TeamObject;
	/** Comments of every record, oldest first (also those created over HTTP). */
	comments(): CommentObject[];
	/** Seeds a comment on a live record, checked as over HTTP (by the emulator's user unless `member` is given). */
	addComment(
		tableId: string,
		recordId: string,
		fields?: {
			message?: unknown;
			assigned_to?: string | null;
			parent_comment?: string | null;
			member?: string;
		},
	): CommentObject;
	/**
	 * Adds a tag to the workspace's public pool, or with `solutionId` to that solution's private one
	 * (read by tags fields with `params.private: true`). A tags field takes only ids of its pool.
	 */
	addTag(label: string, options?: { solutionId?: string; id?: string }): TagObject;
	/**
	 * Records changes in a seeded table: each event is appended to every webhook that watches it
	 * (by its filter and kinds), as SmartSuite does. Returns the events appended, all webhooks.
	 */
	recordChanges(tableId: string, events: NewEvent[]): EventObject[];
	/**
	 * Appends elements to the webhook's `events` list that are served exactly as these JSON texts:
	 * malformed elements (`null`, `42`), events without an `event_id`, nesting of any depth.
	 */
	appendRawElements(webhookId: string, jsonTexts: string[]): void;
	/** All stored events of a webhook, oldest first (elements appended raw are left out). */
	events(webhookId: string): EventObject[];
	/** Every element of the webhook's stream, oldest first, raw ones parsed. */
	elements(webhookId: string): unknown[];
	/** A file uploaded to the record-files endpoint, by the `handle` of its entry in the record. */
	uploadedFile(handle: string): UploadedFile | undefined;
	/** Attaches a file to a file field of a live record, as an upload does; returns the record. */
	addFile(
		tableId: string,
		recordId: string,
		fieldSlug: string,
		file: Omit<UploadedFile, 'handle'>,
	): RecordObject;
	/** The file host (the links of `shared-files/<handle>/url/`), e.g. "http://127.0.0.1:40125". */
	readonly filesUrl: string;
	/** Every request the file host received (cleared by `resetLog`). */
	readonly fileRequests: ReceivedFileRequest[];
	/** The file host's next request meets this fault (one per request, in order; cleared by clearFaults). */
	fileHostFault(fault: FileHostFault): void;

	/**
	 * Demo ids seeded by `demo: true` (empty otherwise): the demo table ("Projects", with live
	 * records `recordIds` and deleted ones), its webhook, and a table with every field type.
	 */
	readonly demo: {
		tableId: string;
		recordIds: string[];
		deletedRecordIds: string[];
		webhookId: string;
		solutionId: string;
		fieldTypesTableId: string;
		/** Views of the demo table: "Open projects" (status not complete, by title) and "Newest first". */
		viewIds: string[];
	};

	close(): Promise<void>;
}
