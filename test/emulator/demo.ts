/** Demo data (`demo: true`, `npm run emulator`) and a ticker of live changes for `npm run dev`. */
import { randomUUID } from 'crypto';

import {
	CHANNEL_CHOICES,
	COLOR_CHOICES,
	MORE_TYPED_FIELDS,
	STATUS_VALUES,
	TYPED_FIELDS,
	fieldTypesStructure,
	hexId,
	pickRandom,
} from './fixtures';
import { LIVE_SHAPED_DOC } from './smartDocSample';
import type { Emulator, EventObject } from './types';

/**
 * The demo: a solution with the table "Projects" (live and deleted records, watched by a webhook
 * whose five events are real changes of its records, and two views), "Tasks", and "Field Types"
 * (one field of every type the node writes or reads, its first record holding a value of each;
 * its record "Rich text reference" holds a SmartDoc with every node type).
 */
export function seedDemo(emulator: Emulator): Emulator['demo'] {
	const solution = emulator.addSolution({ name: 'Project Management' });
	const { id: tableId } = emulator.addTable(solution.id, { name: 'Projects' });
	emulator.addTable(solution.id, { name: 'Tasks' });
	const fieldTypesId = hexId();
	const fieldTypes = emulator.addFieldTypesTable(solution.id, {
		id: fieldTypesId,
		structure: [...fieldTypesStructure(fieldTypesId), ...MORE_TYPED_FIELDS],
	});
	const fieldTypesIds = ['Acme Corp', 'Globex', 'Initech'].map(
		(name, i) =>
			emulator.createRecord(fieldTypes.id, {
				title: name,
				[TYPED_FIELDS.text]: `C-${i + 1}`,
				[TYPED_FIELDS.number]: (i + 1) * 10,
				[TYPED_FIELDS.singleSelect]: COLOR_CHOICES[i].value,
			}).record.id,
	);
	const [me, sam, jordan] = emulator.members().map((member) => member.id);
	const keyAccount = emulator.addTag('Key account');
	emulator.updateRecord(
		fieldTypes.id,
		fieldTypesIds[0],
		everyTypeValues(fieldTypesIds[1], me, keyAccount.id),
	);
	// Rich text with every node type of a live SmartDoc (smartDocSample.ts).
	emulator.createRecord(fieldTypes.id, {
		title: 'Rich text reference',
		[TYPED_FIELDS.text]: 'C-4',
		[TYPED_FIELDS.smartDoc]: { data: LIVE_SHAPED_DOC },
	});
	const deletedRecordIds = ['Q3 launch plan', 'Vendor contract review', 'Onboarding checklist'].map(
		(title) => emulator.addDeletedRecord(tableId, { title }).id,
	);
	const recordIds = ['Budget forecast FY25', 'Release notes 2.4', 'Customer feedback triage'].map(
		(title) => emulator.createRecord(tableId, { title }).record.id,
	);
	emulator.addTeam({ name: 'Engineering', members: [me, sam] });
	emulator.addTeam({ name: 'Customer Success', members: [sam, jordan] });
	emulator.addComment(tableId, recordIds[0], {
		message: { html: 'Please check the Q3 numbers.' },
		assigned_to: sam,
	});
	const webhook = emulator.createWebhook({
		locator: { account_id: emulator.workspaceId, solution_id: solution.id },
		filter: { applications: { application_ids: [tableId] } },
	});
	recordIds.push(
		...['Website refresh', 'Partner webinar'].map(
			(title) => emulator.createRecord(tableId, { title }).record.id,
		),
	);
	for (const [recordId, value] of [
		[recordIds[3], 'in_progress'],
		[recordIds[4], 'in_progress'],
		[recordIds[3], 'ready_for_review'],
	]) {
		emulator.updateRecord(tableId, recordId, { status: { value } });
	}
	const viewIds = [
		emulator.addView(tableId, {
			label: 'Open projects',
			filter: {
				operator: 'and',
				fields: [{ field: 'status', comparison: 'is_not', value: 'complete' }],
			},
			sort: [{ field: 'title', direction: 'asc' }],
			visibleFields: ['title', 'status'],
		}).id,
		emulator.addView(tableId, {
			label: 'Newest first',
			sort: [{ field: 'autonumber', direction: 'desc' }],
		}).id,
	];
	return {
		tableId,
		recordIds,
		deletedRecordIds,
		webhookId: webhook.webhook_id,
		solutionId: solution.id,
		fieldTypesTableId: fieldTypes.id,
		viewIds,
	};
}

const day = (date: string) => ({ date: `${date}T00:00:00Z`, include_time: false });

/**
 * A value for every writable field of the Field Types table, in SmartSuite's shapes (its first
 * record shows each type), but Attachments: `npm run dev` attaches projects.csv there, the one file
 * the files example reads.
 */
function everyTypeValues(
	relatedId: string,
	memberId: string,
	tagId: string,
): Record<string, unknown> {
	const f = TYPED_FIELDS;
	return {
		[f.textArea]: 'Key account since 2019.\nRenewal in December.',
		[f.currency]: '1250.50',
		[f.yesNo]: true,
		[f.multipleSelect]: [CHANNEL_CHOICES[0].value, CHANNEL_CHOICES[2].value],
		status: { value: 'in_progress' },
		[f.date]: day('2026-12-01'),
		[f.dateRange]: { from_date: day('2026-12-01'), to_date: day('2026-12-15') },
		due_date: { from_date: { date: null, include_time: false }, to_date: day('2026-12-20') },
		[f.linked]: [relatedId],
		assigned_to: [memberId],
		[f.email]: ['hello@acme.example'],
		[f.phone]: [{ phone_country: 'US', phone_number: '555 0100' }],
		[f.link]: ['https://acme.example'],
		[f.fullName]: { title: '', first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
		[f.address]: { location_address: '1 Main Street', location_city: 'Springfield' },
		[f.smartDoc]: {
			data: {
				type: 'doc',
				content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Kick-off notes' }] }],
			},
		},
		[f.tags]: [tagId],
		x1perc0001: '40',
		x1rate0002: 4,
		x1slid0003: 7,
		x1comp0004: 80,
		x1dura0005: '5400',
		x1time0006: '09:30:00',
		x1colr0007: [{ value: '#715E5E', name: 'Brand brown' }],
		x1ipad0008: [{ address: '192.121.0.0', country_code: 'gb' }, { address: '2001:db8::1' }],
		x1chkl0009: {
			items: [
				checklistItem('Sign the contract', true, memberId, '2026-12-05'),
				checklistItem('Plan the kick-off', false, null, null),
			],
		},
		x1socl0010: { facebook_username: 'acme', linkedin_username: 'acme-corp' },
		x1trak0011: {
			time_track_logs: [
				{
					user_id: memberId,
					date_time: '2026-11-20T09:00:00Z',
					duration: 5400,
					note: 'Kick-off call',
				},
			],
		},
	};
}

function checklistItem(
	text: string,
	completed: boolean,
	assignee: string | null,
	due: string | null,
) {
	return {
		id: randomUUID(),
		content: {
			data: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
			html: `<div class="rendered">\n <p>${text}</p>\n</div>`,
			preview: text,
		},
		completed,
		assignee,
		due_date: due,
		completed_at: completed ? '2026-11-21T10:00:00Z' : null,
	};
}

function describeChange(event: EventObject): string {
	const { data, previous, record_id } = event.record_event_data;
	const changes = Object.keys(previous).map(
		(field) => `${field}: ${JSON.stringify(previous[field])} -> ${JSON.stringify(data[field])}`,
	);
	return `${event.event_at} ${event.kind} record ${record_id} ${changes.join(', ')}`;
}

/**
 * Every `seconds` seconds, changes the status of one of the demo table's live records (as a PATCH
 * would): every webhook watching the table (the demo webhook, and any webhook created since, e.g.
 * by the trigger's "Create a webhook for me") gets the RECORD_UPDATED event. A demo record that was restored is
 * deleted again at the next tick (with its RECORD_DELETED event), so the restore example can run
 * again and again. Logs a line per change. Returns a function that stops it. Needs an emulator
 * started with `demo: true`.
 */
export function startDemoChanges(
	emulator: Emulator,
	seconds: number,
	log: (line: string) => void = console.log,
): () => void {
	const { webhookId, tableId } = emulator.demo;
	if (!webhookId) throw new Error('startDemoChanges needs an emulator started with demo: true');
	const timer = setInterval(() => {
		for (const line of deleteRestoredDemoRecords(emulator)) log(line);
		// Any live record, those created from n8n included; its status changes to another one.
		const live = emulator.records(tableId, { deleted: false });
		if (live.length === 0) return;
		const record = pickRandom(live);
		const current = (record.status as { value?: string } | undefined)?.value;
		const status = { value: pickRandom(STATUS_VALUES.filter((value) => value !== current)) };
		const appended = emulator.updateRecord(tableId, record.id, { status }).events;
		if (appended.length > 0)
			log(
				`${describeChange(appended[0])} (${appended.length} webhook${appended.length === 1 ? '' : 's'})`,
			);
	}, seconds * 1000);
	return () => clearInterval(timer);
}

/** Deletes again the demo's deleted records that were restored; one log line each. */
function deleteRestoredDemoRecords(emulator: Emulator): string[] {
	const { tableId, deletedRecordIds } = emulator.demo;
	return deletedRecordIds
		.filter((recordId) => emulator.getRecord(tableId, recordId)?.deleted_by === null)
		.map((recordId) => {
			emulator.deleteRecord(tableId, recordId);
			emulator.recordChanges(tableId, [{ kind: 'RECORD_DELETED', recordId }]);
			return `record ${recordId} was restored; deleted it again, so the restore workflow can run again`;
		});
}
