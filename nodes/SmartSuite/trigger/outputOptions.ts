/** The output options both triggers offer in their Options: Readable People and Choices, Simplify. */
import type { INodeProperties } from 'n8n-workflow';

export const readableValuesOption: INodeProperties = {
	displayName: 'Readable People and Choices',
	name: 'readableValues',
	type: 'boolean',
	default: true,
	description:
		'Whether Simplify shows people as ID, name and e-mail, and choices as labels (a structure read, and a members read when people are shown)',
};

/** Simplify, off by default as saved workflows of the polling trigger have it; the Instant Trigger's is on. */
export const simplifyOption: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: false,
	description:
		'Whether to return each event as one flat item (event_id, kind, event_at, record_id, application_id, solution_id, record, previous, changed_fields) instead of the event as SmartSuite sends it',
};
