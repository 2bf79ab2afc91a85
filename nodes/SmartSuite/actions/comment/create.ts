import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { markdownToSmartDocData, recognisedMarkdown } from '../../shared/fields/markdown';
import {
	hasHtmlTag,
	isObject,
	repeatsAddresses,
	REPEATED_ADDRESSES,
} from '../../shared/fields/values';
import { requireId } from '../../shared/ids';
import { memberLocator, readMemberId } from '../../shared/memberLocator';
import { unexpectedAnswerError } from '../record/batches';
import { eachItem } from '../record/common';
import { commentRecordFields, commentSimplifyFields, readRecord, shownComments } from './common';

const show = { resource: ['comment'], operation: ['create'] };

export const createOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a comment on a record',
	description: 'Add a comment to a record, optionally assigned to a member or as a reply',
};

const FORMATS: INodePropertyOptions[] = [
	{
		name: 'Plain Text',
		value: 'text',
		description: 'Sent as SmartSuite text, one paragraph per line',
	},
	{
		name: 'Markdown',
		value: 'markdown',
		description: 'Sent as formatted text, e.g. **bold**, - list items, [link](https://…)',
	},
	{ name: 'HTML', value: 'html', description: 'Sent as HTML, e.g. <b>bold</b>' },
];

const AUTO: INodePropertyOptions = {
	name: 'Auto',
	value: 'auto',
	description:
		'HTML when the text has a tag, Markdown when it clearly is (a heading, list, link, **bold**...), else plain text, as Rich Text Input reads a SmartDoc field',
};

/**
 * Format: Auto by default from version 2, as Rich Text Input. n8n saves only values that differ
 * from the default, so a version 1 node saved with Plain Text has none: it keeps Plain Text.
 */
const formatFields: INodeProperties[] = [
	{
		displayName: 'Format',
		name: 'messageFormat',
		type: 'options',
		options: FORMATS,
		default: 'text',
		description: 'Whether the Message is plain text, Markdown or HTML',
		displayOptions: { show: { ...show, '@version': [1] } },
	},
	{
		displayName: 'Format',
		name: 'messageFormat',
		type: 'options',
		options: [AUTO, ...FORMATS],
		default: 'auto',
		description: 'Whether the Message is plain text, Markdown or HTML; Auto recognises which',
		displayOptions: { show: { ...show, '@version': [2] } },
	},
];

export const createFields: INodeProperties[] = [
	...commentRecordFields(show),
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		description:
			'The text of the comment: plain text (each line a paragraph), Markdown or HTML, as Format says',
		displayOptions: { show },
	},
	...formatFields,
	memberLocator({
		displayName: 'Assigned To',
		name: 'assignedTo',
		default: { mode: 'list', value: '' },
		required: false,
		description:
			'Optional member to assign the comment to: picked from the list, its member ID, or its e-mail address. Empty: unassigned.',
		displayOptions: { show },
	}),
	{
		displayName: 'Reply To Comment ID',
		name: 'parentCommentId',
		type: 'string',
		default: '',
		placeholder: '64185642174d214da05fa9c2',
		description: 'Optional ID of a comment of the same record to reply to; empty for a new thread',
		displayOptions: { show },
	},
	...commentSimplifyFields(show),
];

/** The message in the reference's shape: `{html}`, or a SmartDoc (from Markdown, or one paragraph per line). */
function messageBody(
	node: INode,
	message: unknown,
	format: unknown,
	itemIndex: number,
): IDataObject {
	const text = typeof message === 'string' || typeof message === 'number' ? String(message) : '';
	if (text.trim() === '')
		throw new NodeOperationError(node, 'The parameter "Message" is empty', {
			description:
				'Enter the text of the comment, or check that the expression gives one for this item.',
			itemIndex,
		});
	if (format === 'html' || (format === 'auto' && hasHtmlTag(text))) return { html: text };
	const markdown =
		format === 'markdown'
			? markdownToSmartDocData(text)
			: format === 'auto'
				? recognisedMarkdown(text)
				: undefined;
	if (markdown) {
		if (!repeatsAddresses(markdown, text)) return { data: markdown };
		const { problem, expected } = REPEATED_ADDRESSES;
		throw new NodeOperationError(node, `The parameter "Message" ${problem}: use ${expected}`, {
			itemIndex,
		});
	}
	const paragraphs = text
		.replace(/\r\n?/g, '\n')
		.split('\n')
		.map((line) => ({
			type: 'paragraph',
			content: line === '' ? [] : [{ type: 'text', text: line }],
		}));
	return { data: { type: 'doc', content: paragraphs } };
}

/** Run by actions/router.ts: an assignee given by e-mail is looked up in the member directory. */
export async function executeCreate(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const node = this.getNode();
		const { tableId, recordId } = readRecord(this, itemIndex);
		const message = messageBody(
			node,
			this.getNodeParameter('message', itemIndex, ''),
			this.getNodeParameter('messageFormat', itemIndex, node.typeVersion >= 2 ? 'auto' : 'text'),
			itemIndex,
		);
		const parent = this.getNodeParameter('parentCommentId', itemIndex, '') as unknown;
		const parentCommentId =
			parent === '' || parent === null || parent === undefined
				? ''
				: requireId(node, parent, 'Reply To Comment ID', itemIndex);
		const assignedTo = await readMemberId(this, client, 'assignedTo', itemIndex, {
			label: 'Assigned To',
			optional: true,
		});
		const comment = await client.call(
			{
				method: 'POST',
				url: '/api/v1/comments/',
				qs: { record: recordId },
				body: {
					message,
					application: tableId,
					record: recordId,
					assigned_to: assignedTo || null,
					...(parentCommentId && { parent_comment: parentCommentId }),
				},
				action: 'create the comment',
				notFound: `Record "${recordId}" was not found in table "${tableId}"`,
				repeatable: false,
				unanswered: {
					message: 'The comment may have been created',
					description:
						'SmartSuite may have created the comment without answering, so it was not sent again: a second request could post it twice. Check the record before running this item again.',
				},
			},
			itemIndex,
		);
		if (!isObject(comment)) throw unexpectedAnswerError(client, 'create the comment', itemIndex);
		return await shownComments(this, client, [comment], itemIndex);
	});
}
