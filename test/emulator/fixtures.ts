/**
 * Realistic SmartSuite-shaped data (spec 2.1 and 2.3): ids, record shapes, webhook objects.
 * Objects built here are shared between events where nothing changed (no deep copies), so
 * seeding 100,000 events stays cheap. Treat everything the emulator hands out as read-only.
 */
import { randomBytes, randomUUID } from 'node:crypto';

import { smartDocValue } from './smartDoc';
import type {
	ChoiceObject,
	FieldObject,
	MemberObject,
	RecordObject,
	SolutionObject,
	TableObject,
	WebhookObject,
} from './types';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const WEBHOOK_LIFETIME_MS = 7 * DAY_MS;

/** Random bytes are drawn in bulk: one draw per id made seeding 100,000 events slow. */
const randomPool: { bytes: Buffer; offset: number } = { bytes: Buffer.alloc(0), offset: 0 };

/** Table, record, solution and user ids are 24-character hex strings. */
export function hexId(): string {
	if (randomPool.offset + 12 > randomPool.bytes.length) {
		randomPool.bytes = randomBytes(12 * 4096);
		randomPool.offset = 0;
	}
	randomPool.offset += 12;
	return randomPool.bytes.toString('hex', randomPool.offset - 12, randomPool.offset);
}

export const EMULATOR_USER_ID = '64b7c0e5f1a2b3c4d5e6f7a8';
export const EMULATOR_USER_NAME = 'Alex Morgan';

/** Slugs of the custom fields every emulated table has (spec 2.1: one property per field slug). */
export const CUSTOM_FIELDS = {
	/** A date-type field: `{ date, include_time }`. */
	launchDate: 'sdd4f7a2c1',
	/** Array fields (element shapes are not shown in the spec, so they stay empty). */
	tags: 's81c0b3e9a',
	linkedTasks: 'sa4e19c7d2',
} as const;

export const STATUS_VALUES = ['backlog', 'in_progress', 'ready_for_review', 'complete'] as const;

const TITLES = [
	'Q3 launch plan',
	'Vendor contract review',
	'Onboarding checklist',
	'Website refresh',
	'Customer feedback triage',
	'Budget forecast FY25',
	'Security audit follow-up',
	'Hiring plan: support team',
	'Partner webinar',
	'Release notes 2.4',
];

export function sampleTitle(n: number): string {
	return TITLES[n % TITLES.length];
}

export function pickRandom<T>(items: readonly T[]): T {
	return items[Math.floor(Math.random() * items.length)];
}

/** Date-only values are midnight UTC, as SmartSuite stores them. */
function dayIso(ms: number): string {
	return new Date(ms - (ms % DAY_MS)).toISOString();
}

/** A SmartDoc of one paragraph, as SmartSuite holds it (smartDoc.ts). */
export function richText(text: string) {
	return smartDocValue({
		type: 'doc',
		content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
	});
}

/** Lexicographic sort key like SmartSuite's `ranking.default` ("aaaaaaaaab"). */
function rankKey(n: number): string {
	let key = '';
	for (let i = 0; i < 10; i++, n = Math.floor(n / 26))
		key = String.fromCharCode(97 + (n % 26)) + key;
	return key;
}

/** The system fields every record has (spec 2.1), not deleted; `fields` override any property. */
export function baseRecord(
	tableId: string,
	autonumber: number,
	fields: Partial<RecordObject> = {},
	atMs = Date.now(),
): RecordObject {
	const on = new Date(atMs).toISOString();
	return {
		id: hexId(),
		title: '',
		first_created: { on, by: EMULATOR_USER_ID },
		last_updated: { on, by: EMULATOR_USER_ID },
		followed_by: [],
		comments_count: 0,
		autonumber,
		application_slug: `s${tableId.slice(0, 7)}`,
		application_id: tableId,
		ranking: { default: rankKey(autonumber) },
		deleted_date: { date: null, include_time: false },
		deleted_by: null,
		...fields,
	};
}

/** A full record of a table with the usual fields (TABLE_STRUCTURE), not deleted; `fields` override any property. */
export function makeRecord(
	tableId: string,
	autonumber: number,
	fields: Partial<RecordObject> = {},
	atMs = Date.now(),
): RecordObject {
	const on = new Date(atMs).toISOString();
	const title = typeof fields.title === 'string' ? fields.title : sampleTitle(autonumber);
	return {
		...baseRecord(tableId, autonumber, {}, atMs),
		title,
		description: richText(`Notes for "${title}".`),
		assigned_to: [],
		status: { value: 'backlog', updated_on: on },
		due_date: {
			from_date: { date: null, include_time: false },
			to_date: { date: dayIso(atMs + 14 * DAY_MS), include_time: false },
			is_overdue: false,
			status_is_completed: false,
			status_updated_on: on,
		},
		priority: '',
		[CUSTOM_FIELDS.launchDate]: { date: dayIso(atMs + 30 * DAY_MS), include_time: false },
		[CUSTOM_FIELDS.tags]: [],
		[CUSTOM_FIELDS.linkedTasks]: [],
		...fields,
	};
}

/** A realistic edit of a record (title or status), as an update event carries it. */
export function inventChange(
	current: Record<string, unknown>,
	atMs: number,
): Record<string, unknown> {
	const on = new Date(atMs).toISOString();
	if (Math.random() < 0.5) {
		const title = String(current.title ?? '');
		return {
			title: title.endsWith(' (edited)')
				? title.slice(0, -' (edited)'.length)
				: `${title} (edited)`,
		};
	}
	const previousValue = (current.status as { value?: string } | undefined)?.value;
	const value = pickRandom(STATUS_VALUES.filter((s) => s !== previousValue));
	return { status: { value, updated_on: on } };
}

export function activeSystemStatus(nowMs = Date.now()): WebhookObject['system_status'] {
	return { enabled: { expires_at: new Date(nowMs + WEBHOOK_LIFETIME_MS).toISOString() } };
}

export function makeWebhook(
	workspaceId: string,
	fields: Partial<WebhookObject> = {},
): WebhookObject {
	const at = new Date().toISOString();
	return {
		webhook_id: randomUUID(),
		locator: { account_id: workspaceId, solution_id: hexId() },
		filter: { applications: { application_ids: [hexId()] } },
		kinds: ['RECORD_CREATED', 'RECORD_UPDATED', 'RECORD_DELETED'],
		created_at: { by: EMULATOR_USER_NAME, at },
		updated_at: { by: EMULATOR_USER_NAME, at },
		notification_status: { disabled: {} },
		system_status: activeSystemStatus(),
		...fields,
	};
}

const SOLUTION_NAMES = [
	'Project Management',
	'Sales CRM',
	'Content Calendar',
	'IT Requests',
	'Hiring Pipeline',
];
const TABLE_NAMES = ['Projects', 'Tasks', 'Deals', 'Contacts', 'Articles', 'Tickets'];

export function makeSolution(n: number, fields: Partial<SolutionObject> = {}): SolutionObject {
	const id = fields.id ?? hexId();
	return {
		id,
		name: SOLUTION_NAMES[n % SOLUTION_NAMES.length],
		slug: `s${id.slice(0, 7)}`,
		logo_icon: 'overline',
		logo_color: '#3A86FF',
		status: 'in_development',
		hidden: false,
		...fields,
	};
}

function choices(labels: string[], ids?: string[]): ChoiceObject[] {
	const colors = ['#3A86FF', '#FF5757', '#00B3FA', '#FFB938', '#0C41F3', '#3EAC40'];
	return labels.map((label, i) => ({
		value: ids?.[i] ?? randomUUID(),
		label,
		value_color: colors[i % colors.length],
	}));
}

const STATUS_LABELS = ['Backlog', 'In Progress', 'Ready for Review', 'Complete'];
/** The status field's options: ids such as `backlog`, as SmartSuite's default status field has. */
export const STATUS_CHOICES = choices(STATUS_LABELS, [...STATUS_VALUES]);
export const PRIORITY_CHOICES = choices(['Low', 'Medium', 'High', 'Urgent'], ['1', '2', '3', '4']);

/** The fields of every emulated table (system fields and the custom ones of `makeRecord`). */
export const TABLE_STRUCTURE: FieldObject[] = [
	{
		slug: 'title',
		label: 'Title',
		field_type: 'recordtitlefield',
		params: { required: true, primary: true },
	},
	{ slug: 'description', label: 'Description', field_type: 'richtextareafield', params: {} },
	{
		slug: 'status',
		label: 'Status',
		field_type: 'statusfield',
		params: { choices: STATUS_CHOICES },
	},
	{
		slug: 'priority',
		label: 'Priority',
		field_type: 'singleselectfield',
		params: { choices: PRIORITY_CHOICES },
	},
	{ slug: 'due_date', label: 'Due Date', field_type: 'duedatefield', params: {} },
	{
		slug: 'assigned_to',
		label: 'Assigned To',
		field_type: 'userfield',
		params: { entries_allowed: 'multiple' },
	},
	{
		slug: CUSTOM_FIELDS.launchDate,
		label: 'Launch Date',
		field_type: 'datefield',
		params: { include_time: false },
	},
	{ slug: CUSTOM_FIELDS.tags, label: 'Tags', field_type: 'tagsfield', params: {} },
	{
		slug: CUSTOM_FIELDS.linkedTasks,
		label: 'Linked Tasks',
		field_type: 'linkedrecordfield',
		params: { linked_application: '', entries_allowed: 'multiple' },
	},
	{
		slug: 'first_created',
		label: 'First Created',
		field_type: 'firstcreatedfield',
		params: { system: true },
	},
	{
		slug: 'last_updated',
		label: 'Last Updated',
		field_type: 'lastupdatedfield',
		params: { system: true },
	},
	{
		slug: 'autonumber',
		label: 'Auto Number',
		field_type: 'autonumberfield',
		params: { system: true, is_auto_generated: true },
	},
];

/**
 * A table whose title (primary) field is not `title`: a text field `name`, as in the table-object
 * reference's example (`"primary_field": "name"`). Seed it with `addTable(solutionId, { structure: NAMED_TITLE_STRUCTURE })`.
 */
export const NAMED_TITLE_STRUCTURE: FieldObject[] = [
	{
		slug: 'name',
		label: 'Name',
		field_type: 'textfield',
		params: { required: true, primary: true },
	},
	{ slug: 'notes', label: 'Notes', field_type: 'textareafield', params: {} },
	{
		slug: 'first_created',
		label: 'First Created',
		field_type: 'firstcreatedfield',
		params: { system: true },
	},
];

/** Slugs of FIELD_TYPES_STRUCTURE, one per type (fixed, so tests can name them). */
export const TYPED_FIELDS = {
	text: 's1text0001',
	textArea: 's1area0002',
	number: 's1numb0003',
	currency: 's1curr0004',
	yesNo: 's1yesn0005',
	singleSelect: 's1sing0006',
	multipleSelect: 's1mult0007',
	date: 's1date0009',
	dateRange: 's1rang0010',
	linked: 's1link0012',
	email: 's1mail0014',
	phone: 's1phon0015',
	link: 's1url00016',
	fullName: 's1name0017',
	address: 's1addr0018',
	smartDoc: 's1docs0019',
	files: 's1file0020',
	formula: 's1form0021',
	rollup: 's1roll0022',
	count: 's1cnt00023',
	tags: 's1tags0024',
} as const;

/**
 * The emptied values of the composite fields of FIELD_TYPES_STRUCTURE in the reference's form
 * (every part empty; SmartDoc as the create-record reference's empty example): what the node sends
 * to clear them, and what the emulator accepts as cleared.
 */
export const EMPTIED_COMPOSITES = {
	[TYPED_FIELDS.address]: {
		location_address: '',
		location_address2: '',
		location_city: '',
		location_state: '',
		location_zip: '',
		location_country: '',
	},
	[TYPED_FIELDS.fullName]: { title: '', first_name: '', middle_name: '', last_name: '' },
	[TYPED_FIELDS.smartDoc]: { data: {}, html: '<div class="rendered">\n \n</div>' },
};

/** Single select options (UUID ids) of FIELD_TYPES_STRUCTURE. */
export const COLOR_CHOICES = choices(['Red', 'Green', 'Blue']);
/** Multiple select options (UUID ids) of FIELD_TYPES_STRUCTURE. */
export const CHANNEL_CHOICES = choices(['Email', 'Phone', 'Chat', 'Social']);

/**
 * The number kinds, Time and the five newer types (Colour Picker, IP Address, Checklist, Social
 * Network, Time Tracking Log), beside fieldTypesStructure in the demo's Field Types table and the
 * editor test's: kept apart so that the many tests written against fieldTypesStructure stay as
 * they are.
 */
export const MORE_TYPED_FIELDS: FieldObject[] = [
	{ slug: 'x1perc0001', label: 'Share', field_type: 'percentfield', params: {} },
	{ slug: 'x1rate0002', label: 'Score', field_type: 'ratingfield', params: {} },
	{ slug: 'x1slid0003', label: 'Effort', field_type: 'numbersliderfield', params: {} },
	{ slug: 'x1comp0004', label: 'Done', field_type: 'percentcompletefield', params: {} },
	{ slug: 'x1dura0005', label: 'Length', field_type: 'durationfield', params: {} },
	{ slug: 'x1time0006', label: 'Opens', field_type: 'timefield', params: {} },
	{ slug: 'x1colr0007', label: 'Brand Colour', field_type: 'colorpickerfield', params: {} },
	{ slug: 'x1ipad0008', label: 'Server IP', field_type: 'ipaddressfield', params: {} },
	{ slug: 'x1chkl0009', label: 'Checklist', field_type: 'checklistfield', params: {} },
	{ slug: 'x1socl0010', label: 'Social', field_type: 'socialnetworkfield', params: {} },
	{ slug: 'x1trak0011', label: 'Time Spent', field_type: 'timetrackingfield', params: {} },
];

/**
 * One field of every emulated type. The linked record field links to the table itself (its
 * `linked_application` is set to the table's id when the table is made); count and rollup read it.
 * Formulas are templates here: `{slug}` stands for that field's value as text.
 */
export function fieldTypesStructure(tableId: string): FieldObject[] {
	const f = TYPED_FIELDS;
	return [
		{
			slug: 'title',
			label: 'Name',
			field_type: 'recordtitlefield',
			params: { required: true, primary: true, unique: false },
		},
		{
			slug: f.text,
			label: 'Code',
			field_type: 'textfield',
			params: { required: true, unique: false },
		},
		{ slug: f.textArea, label: 'Notes', field_type: 'textareafield', params: {} },
		{
			slug: f.number,
			label: 'Quantity',
			field_type: 'numberfield',
			params: { precision: 0, separator: false },
		},
		{
			slug: f.currency,
			label: 'Price',
			field_type: 'currencyfield',
			params: { precision: 2, currency: 'USD' },
		},
		{
			slug: f.yesNo,
			label: 'Active',
			field_type: 'yesnofield',
			params: { display_format: 'checkbox' },
		},
		{
			slug: f.singleSelect,
			label: 'Color',
			field_type: 'singleselectfield',
			params: { choices: COLOR_CHOICES },
		},
		{
			slug: f.multipleSelect,
			label: 'Channels',
			field_type: 'multipleselectfield',
			params: { choices: CHANNEL_CHOICES },
		},
		{
			slug: 'status',
			label: 'Status',
			field_type: 'statusfield',
			params: { choices: STATUS_CHOICES },
		},
		{ slug: f.date, label: 'Start', field_type: 'datefield', params: { include_time: false } },
		{
			slug: f.dateRange,
			label: 'Campaign',
			field_type: 'daterangefield',
			params: { include_time: true },
		},
		{ slug: 'due_date', label: 'Due Date', field_type: 'duedatefield', params: {} },
		{
			slug: f.linked,
			label: 'Related',
			field_type: 'linkedrecordfield',
			params: {
				linked_application: tableId,
				entries_allowed: 'multiple',
				visible_fields: ['title'],
			},
		},
		{
			slug: 'assigned_to',
			label: 'Owner',
			field_type: 'userfield',
			params: { entries_allowed: 'multiple' },
		},
		{
			slug: f.email,
			label: 'Email',
			field_type: 'emailfield',
			params: { entries_allowed: 'multiple' },
		},
		{
			slug: f.phone,
			label: 'Phone',
			field_type: 'phonefield',
			params: { entries_allowed: 'multiple' },
		},
		{
			slug: f.link,
			label: 'Website',
			field_type: 'linkfield',
			params: { entries_allowed: 'multiple' },
		},
		{ slug: f.fullName, label: 'Contact', field_type: 'fullnamefield', params: {} },
		{ slug: f.address, label: 'Address', field_type: 'addressfield', params: {} },
		{ slug: f.smartDoc, label: 'Brief', field_type: 'richtextareafield', params: {} },
		{ slug: f.files, label: 'Attachments', field_type: 'filefield', params: {} },
		{ slug: f.tags, label: 'Labels', field_type: 'tagsfield', params: {} },
		{
			slug: f.formula,
			label: 'Summary',
			field_type: 'formulafield',
			params: { formula: '{title} ({autonumber})', field_type: 'textfield' },
		},
		{
			slug: f.rollup,
			label: 'Related Quantity',
			field_type: 'rollupfield',
			params: { linked_field_slug: f.linked, target_field_slug: f.number, function: 'sum' },
		},
		{
			slug: f.count,
			label: 'Related Count',
			field_type: 'countfield',
			params: { linked_field_slug: f.linked },
		},
		{
			slug: 'autonumber',
			label: 'Auto Number',
			field_type: 'autonumberfield',
			params: { system: true, is_auto_generated: true },
		},
		{
			slug: 'first_created',
			label: 'First Created',
			field_type: 'firstcreatedfield',
			params: { system: true },
		},
		{
			slug: 'last_updated',
			label: 'Last Updated',
			field_type: 'lastupdatedfield',
			params: { system: true },
		},
	];
}

const MEMBER_NAMES: Array<[string, string]> = [
	['Alex', 'Morgan'],
	['Sam', 'Rivera'],
	['Jordan', 'Lee'],
];

/** A member; `n` picks a name and e-mail address. The first one is the emulator's user. */
export function makeMember(n: number, fields: Partial<MemberObject> = {}): MemberObject {
	const [first, last] = MEMBER_NAMES[n % MEMBER_NAMES.length];
	const suffix = n < MEMBER_NAMES.length ? '' : String(n);
	return {
		id: n === 0 ? EMULATOR_USER_ID : hexId(),
		email: [`${first}.${last}${suffix}@example.com`.toLowerCase()],
		full_name: { first_name: first, last_name: last, sys_root: `${first} ${last}` },
		role: n === 0 ? '1' : '3',
		status: { value: '1' },
		type: 1,
		// Members are records of SmartSuite's Members table: a removed one keeps its place in the list with a date here.
		deleted_date: { date: null },
		...fields,
	};
}

export function makeTable(
	solutionId: string,
	order: number,
	fields: Partial<TableObject> = {},
): TableObject {
	const id = fields.id ?? hexId();
	return {
		id,
		name: TABLE_NAMES[order % TABLE_NAMES.length],
		solution: solutionId,
		slug: `s${id.slice(0, 7)}`,
		order,
		structure: TABLE_STRUCTURE,
		...fields,
	};
}
