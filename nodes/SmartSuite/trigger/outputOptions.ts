/**
 * What both triggers share in their panels: the output options (Readable People and Choices,
 * Rich Text As, Simplify) and the hint under Events.
 */
import type { INodeProperties } from 'n8n-workflow';

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
