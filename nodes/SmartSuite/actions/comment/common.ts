/** What the Comment operations share: the record's parameters, and a comment as a person reads it. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { isObject } from '../../shared/fields/values';
import { personOf, simplifyOption } from '../../shared/people';
import type { RecordsClient } from '../../shared/records';
import { tableLocator } from '../../shared/locators';
import { readRecordId, readSimplify, readTableId, recordLocator } from '../record/common';

type Show = Record<string, string[]>;

/** Table, Record (as the Record operations take them) and Simplify. */
export function commentRecordFields(show: Show): INodeProperties[] {
	return [
		tableLocator({
			description: 'The table (application) that holds the record',
			displayOptions: { show },
		}),
		recordLocator(show),
	];
}

/** Simplify, and with it Include HTML (the text is shown once unless the HTML is asked for). */
export const commentSimplifyFields = (show: Show): INodeProperties[] => [
	simplifyOption(show, 'comment'),
	{
		displayName: 'Include HTML',
		name: 'includeHtml',
		type: 'boolean',
		default: false,
		description:
			'Whether to add the HTML of the comment (under html) to its plain text, for its formatting and links',
		displayOptions: { show: { ...show, simplify: [true] } },
	},
];

export function readRecord(context: IExecuteFunctions, itemIndex: number) {
	return { tableId: readTableId(context, itemIndex), recordId: readRecordId(context, itemIndex) };
}

const textOf = (message: IDataObject) =>
	typeof message.preview === 'string'
		? message.preview
		: typeof message.html === 'string'
			? message.html
					.replace(/<[^>]*>/g, ' ')
					.replace(/\s+/g, ' ')
					.trim()
			: '';

/** A comment with its text, date and people (names and e-mail addresses from the member directory). */
function simplifyComment(
	comment: IDataObject,
	directory: Awaited<ReturnType<RecordsClient['members']>>,
	includeHtml: boolean,
): IDataObject {
	const message = isObject(comment.message) ? comment.message : {};
	return {
		id: comment.id,
		text: textOf(message),
		...(includeHtml ? { html: typeof message.html === 'string' ? message.html : null } : {}),
		author: personOf(directory, comment.member),
		assignedTo: personOf(directory, comment.assigned_to),
		createdOn: comment.created_on ?? null,
		parentCommentId: comment.parent_comment ?? null,
		record: comment.record ?? null,
		table: comment.application ?? null,
	};
}

/** The comments as output: simplified (the members read once per run) or as SmartSuite sent them. */
export async function shownComments(
	context: IExecuteFunctions,
	client: RecordsClient,
	comments: IDataObject[],
	itemIndex: number,
): Promise<IDataObject[]> {
	if (!readSimplify(context, itemIndex) || comments.length === 0) return comments;
	const directory = await client.members();
	const includeHtml = context.getNodeParameter('includeHtml', itemIndex, false) as boolean;
	return comments.map((comment) => simplifyComment(comment, directory, includeHtml));
}
