/**
 * What both triggers share in their panels: the output options (Readable People and Choices,
 * Rich Text As, Simplify, Download Files) and the hint under Events.
 */
import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_MAX_RUN_MB } from '../actions/record/downloadFiles';

export { richTextAsOption } from '../shared/richText';

export const readableValuesOption: INodeProperties = {
	displayName: 'Readable People and Choices',
	name: 'readableValues',
	type: 'boolean',
	default: true,
	description:
		'Whether Simplify shows people as ID, name and e-mail instead of member IDs (a members read when people are shown)',
};

/** Simplify, on by default: the record reads as the SmartSuite node's Get shows it. */
export const simplifyOption: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		"Whether to return each event as one flat item (event_id, kind, event_at, record_id, application_id, solution_id, record, previous, changed_fields), the record by field label as the SmartSuite node's Get shows it, instead of the event as SmartSuite sends it",
};

/** Under Events, what leaving it empty means. */
export const EVENTS_HINT = 'Empty: every kind of event';

/** Download Files (files.ts), off by default: off, it costs no request. */
export const downloadFilesOption: INodeProperties = {
	displayName: 'Download Files',
	name: 'downloadFiles',
	type: 'boolean',
	default: false,
	description:
		"Whether to add the changed record's files to its item as binary data (file_0, file_1, …, as Record → Download Files names them), within Download Files' default limits",
};

/** Shown in the Options only once Download Files is on (a sibling in the same collection). */
const withDownloadFiles = { show: { downloadFiles: [true] } };

export const fileFieldsOption: INodeProperties = {
	displayName: 'File Fields to Download',
	name: 'fileFields',
	type: 'string',
	default: '',
	displayOptions: withDownloadFiles,
	placeholder: 'e.g. Contract, Scans',
	description:
		'With Download Files: labels or IDs of the file fields to download from, separated by commas. Empty: every file field.',
};

export const maxRunSizeOption: INodeProperties = {
	displayName: 'Max Total Size per Run (MB)',
	name: 'maxRunSizeMb',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_MAX_RUN_MB,
	displayOptions: withDownloadFiles,
	description:
		'With Download Files: the files of all events of one run together. The files past it are not downloaded; their items list them in "leftOut".',
};
