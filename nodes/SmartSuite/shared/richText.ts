/** How SmartDoc (rich text) is written and shown: Rich Text Input on writes, Rich Text As with Simplify. */
import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { RichTextForm, RichTextInput } from './fields';

type Show = Record<string, string[]>;

/** The forms Simplify can show rich text in: records, comments and the triggers' events. */
export const RICH_TEXT_FORMS: INodePropertyOptions[] = [
	{ name: 'Plain Text', value: 'text', description: 'Its text, without formatting' },
	{
		name: 'Markdown',
		value: 'markdown',
		description: 'Headings, bold, italic, lists and links written as Markdown',
	},
	{ name: 'HTML', value: 'html', description: 'The HTML SmartSuite keeps with it' },
];

export const richTextAsOption = {
	displayName: 'Rich Text As',
	name: 'richTextAs',
	type: 'options',
	options: RICH_TEXT_FORMS,
	default: 'text',
	description: 'How Simplify shows SmartDoc (rich text) fields',
} satisfies INodeProperties;

/** Rich Text As, shown with Simplify on. */
export const richTextAsField = (show: Show): INodeProperties => ({
	...richTextAsOption,
	displayOptions: { show: { ...show, simplify: [true] } },
});

export function readRichTextAs(context: IExecuteFunctions, itemIndex: number): RichTextForm {
	return context.getNodeParameter('richTextAs', itemIndex, 'text') as RichTextForm;
}

/** Rich Text Input of Create, Update and Create or Update. */
export const richTextInputField = (show: Show): INodeProperties => ({
	displayName: 'Rich Text Input',
	name: 'richTextInput',
	type: 'options',
	options: [
		{
			name: 'Auto',
			value: 'auto',
			description:
				'HTML when the text has a tag, Markdown when it clearly is (a heading, list, link, **bold**...), else plain text',
		},
		{ name: 'Plain Text', value: 'text', description: 'One paragraph per line, as typed' },
		{ name: 'Markdown', value: 'markdown' },
		{ name: 'HTML', value: 'html' },
	],
	default: 'auto',
	description: 'How text given for a SmartDoc (rich text) field is read',
	displayOptions: { show },
});

export function readRichTextInput(context: IExecuteFunctions, itemIndex: number): RichTextInput {
	return context.getNodeParameter('richTextInput', itemIndex, 'auto') as RichTextInput;
}
