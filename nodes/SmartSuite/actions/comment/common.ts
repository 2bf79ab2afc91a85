/** What the Comment operations share: the record's parameters, and a comment as a person reads it. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { RichTextForm } from '../../shared/fields';
import { isObject, readSmartDoc } from '../../shared/fields/values';
import { personOf, simplifyOption } from '../../shared/people';
import type { RecordsClient } from '../../shared/records';
import { tableLocator } from '../../shared/locators';
import { readRecordId, readSimplify, readTableId, recordLocator } from '../record/common';
import { readRichTextAs, richTextAsField } from '../../shared/richText';

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

/** Simplify, and with it Include HTML (the text is shown once unless the HTML is asked for) and Rich Text As (the text's form). */
export const commentSimplifyFields = (show: Show): INodeProperties[] => [
	simplifyOption(show, 'comment'),
	{
		displayName: 'Include HTML',
		name: 'includeHtml',
		type: 'boolean',
		default: false,
		description:
			'Whether to add the HTML of the comment (under html) to its text, for its formatting and links (with Rich Text As → HTML the text is the HTML)',
		displayOptions: { show: { ...show, simplify: [true] } },
	},
	richTextAsField(show),
];

export function readRecord(context: IExecuteFunctions, itemIndex: number) {
	return { tableId: readTableId(context, itemIndex), recordId: readRecordId(context, itemIndex) };
}

/** The comment's text in the form asked for (Rich Text As); as plain text, its preview. */
function textOf(message: IDataObject, richText: RichTextForm): string {
	const text = readSmartDoc(message, richText);
	return typeof text === 'string' ? text : '';
}

/** A comment with its text, date and people (names and e-mail addresses from the member directory). */
function simplifyComment(
	comment: IDataObject,
	directory: Awaited<ReturnType<RecordsClient['members']>>,
	includeHtml: boolean,
	richText: RichTextForm,
): IDataObject {
	const message = isObject(comment.message) ? comment.message : {};
	return {
		id: comment.id,
		text: textOf(message, richText),
		// With Rich Text As → HTML, the text is the HTML already.
		...(includeHtml && richText !== 'html'
			? { html: typeof message.html === 'string' ? message.html : null }
			: {}),
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
	const richText = readRichTextAs(context, itemIndex);
	return comments.map((comment) => simplifyComment(comment, directory, includeHtml, richText));
}
