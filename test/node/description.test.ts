/** The parameters users' workflows store: renaming any of them breaks saved workflows. */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import codex from '../../nodes/SmartSuite/SmartSuite.node.json';
import { SmartSuiteInstantTrigger } from '../../nodes/SmartSuite/SmartSuiteInstantTrigger.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { INSTANT_TRIGGER, POLLING_TRIGGER } from '../../nodes/SmartSuite/trigger/names';
import { name as PACKAGE } from '../../package.json';
import { smartSuite } from './harness';

const { description } = smartSuite;

/** Names of the parameters shown for one operation. */
function parametersOf(resource: string, operation: string): string[] {
	const shown = (property: INodeProperties) => {
		const show = property.displayOptions?.show;
		return (
			show?.resource?.includes(resource) && (!show.operation || show.operation.includes(operation))
		);
	};
	return description.properties
		.filter((p) => p.name !== 'operation' && shown(p))
		.map((p) => p.name);
}

const operationsOf = (resource: string) =>
	description.properties
		.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource))
		?.options?.map((option) => (option as { value: string }).value);

it('is the smartSuite node, usable as a tool, with light and dark icons', () => {
	// A defaultVersion would cost the node n8n's "Custom API Call" (LoadNodesAndCredentials).
	expect(description.defaultVersion).toBeUndefined();
	expect(description).toMatchObject({
		name: 'smartSuite',
		displayName: 'SmartSuite',
		usableAsTool: true,
		version: [1, 2],
		icon: { light: 'file:smartsuite.svg', dark: 'file:smartsuite.dark.svg' },
	});
	expect(codex.node).toBe('n8n-nodes-smartsuite-workspace.smartSuite');
});

it('keeps its resources, operations and parameter names', () => {
	expect(
		description.properties[0].options?.map((option) => (option as { value: string }).value),
	).toEqual([
		'comment',
		'field',
		'member',
		'record',
		'solution',
		'table',
		'team',
		'view',
		'webhook',
	]);
	expect(operationsOf('record')).toEqual([
		'create',
		'upsert',
		'delete',
		'get',
		'restore',
		'search',
		'update',
		'uploadFile',
		'downloadFiles',
		'getDeleted',
	]);
	expect(operationsOf('webhook')).toEqual([
		'create',
		'delete',
		'get',
		'list',
		'listEvents',
		'update',
	]);
	expect(operationsOf('view')).toEqual(['getMany', 'getRecords']);
	expect(parametersOf('view', 'getMany')).toEqual(['tableId', 'returnAll', 'limit']);
	expect(parametersOf('view', 'getRecords')).toEqual([
		'tableId',
		'viewId',
		'returnAll',
		'limit',
		'outputFields',
		'simplify',
		'readableValues',
		'linkTitles',
		'richTextAs',
	]);
	expect(parametersOf('webhook', 'update')).toEqual([
		'solutionId',
		'webhookId',
		'events',
		'notifications',
		'notificationUrl',
		'notificationsOffNotice',
	]);
	expect(parametersOf('record', 'restore')).toEqual([
		'tableId',
		'recordId',
		'simplify',
		'readableValues',
		'linkTitles',
		'richTextAs',
	]);
	expect(parametersOf('record', 'create')).toEqual([
		'tableId',
		'fieldsInput',
		'formsNotice',
		'columns',
		'fieldsJson',
		'richTextInput',
		'simplify',
		'readableValues',
		'linkTitles',
		'richTextAs',
	]);
	expect(parametersOf('record', 'get')).toEqual([
		'tableId',
		'recordId',
		'outputFields',
		'simplify',
		'readableValues',
		'linkTitles',
		'richTextAs',
	]);
	expect(parametersOf('record', 'update')).toEqual([
		'tableId',
		'recordId',
		'fieldsInput',
		'formsNotice',
		'columns',
		'fieldsJson',
		'richTextInput',
		'options',
		'simplify',
		'readableValues',
		'linkTitles',
		'richTextAs',
	]);
	expect(parametersOf('record', 'delete')).toEqual(['tableId', 'recordId']);
	expect(parametersOf('record', 'upsert')).toEqual([
		'tableId',
		'fieldsInput',
		'formsNotice',
		'columns',
		'matchOn',
		'fieldsJson',
		'richTextInput',
		'options',
		'simplify',
		'readableValues',
		'linkTitles',
		'richTextAs',
	]);
	expect(parametersOf('record', 'uploadFile')).toEqual([
		'tableId',
		'recordId',
		'fieldId',
		'inputDataFieldName',
		'simplify',
		'readableValues',
		'linkTitles',
		'richTextAs',
	]);
	expect(parametersOf('record', 'downloadFiles')).toEqual([
		'tableId',
		'recordId',
		'fieldId',
		'binaryPropertyName',
		'options',
	]);
	expect(parametersOf('record', 'getDeleted')).toEqual([
		'solutionId',
		'tableId',
		'returnAll',
		'limit',
		'simplify',
		'readableValues',
	]);
	expect(parametersOf('record', 'search')).toEqual([
		'tableId',
		'filterInput',
		'filterJson',
		'match',
		'filters',
		'sort',
		'returnAll',
		// The node's Limit (50) and the SmartSuite Tool's (20: displayOptions @tool).
		'limit',
		'limit',
		// Cursor (issue 58).
		'options',
		'outputFields',
		'simplify',
		'readableValues',
		'linkTitles',
		'richTextAs',
	]);
	expect(parametersOf('webhook', 'get')).toEqual(['solutionId', 'webhookId']);
	expect(parametersOf('webhook', 'delete')).toEqual(['solutionId', 'webhookId']);
	expect(parametersOf('webhook', 'listEvents')).toEqual([
		'solutionId',
		'webhookId',
		'returnAll',
		'limit',
		'options',
	]);
	expect(parametersOf('webhook', 'create')).toEqual([
		'solutionId',
		'watch',
		'tableIds',
		'tableId',
		'fieldIds',
		'kinds',
		'notify',
		'notificationUrl',
	]);
	expect(parametersOf('webhook', 'list')).toEqual(['solutionId', 'returnAll', 'limit']);
	expect(operationsOf('field')).toEqual(['create', 'delete', 'update']);
	expect(parametersOf('field', 'create')).toEqual([
		'tableId',
		'label',
		'fieldType',
		'choices',
		'linkedTableId',
		'statusField',
		'required',
	]);
	expect(parametersOf('field', 'update')).toEqual(['tableId', 'fieldId', 'newLabel', 'addChoices']);
	expect(parametersOf('field', 'delete')).toEqual(['tableId', 'fieldId']);
	expect(operationsOf('solution')).toEqual(['get', 'getMany']);
	expect(parametersOf('solution', 'getMany')).toEqual(['returnAll', 'limit']);
	expect(parametersOf('solution', 'get')).toEqual(['solutionId']);
	expect(operationsOf('table')).toEqual(['create', 'get', 'getMany']);
	expect(parametersOf('table', 'getMany')).toEqual(['solutionId', 'includeStructure']);
	expect(parametersOf('table', 'get')).toEqual(['tableId', 'fieldsAsItems']);
	expect(parametersOf('table', 'create')).toEqual(['solutionId', 'name', 'fields']);
	expect(operationsOf('comment')).toEqual(['create', 'getMany']);
	expect(parametersOf('comment', 'create')).toEqual([
		'tableId',
		'recordId',
		'message',
		// Version 1's (Plain Text by default) and version 2's (Auto by default).
		'messageFormat',
		'messageFormat',
		'assignedTo',
		'parentCommentId',
		'simplify',
		'includeHtml',
		'richTextAs',
	]);
	expect(parametersOf('comment', 'getMany')).toEqual([
		'tableId',
		'recordId',
		'returnAll',
		'limit',
		'simplify',
		'includeHtml',
		'richTextAs',
	]);
	expect(operationsOf('member')).toEqual(['get', 'getMany']);
	expect(parametersOf('member', 'get')).toEqual(['memberId', 'simplify']);
	expect(parametersOf('member', 'getMany')).toEqual(['returnAll', 'limit', 'search', 'simplify']);
	expect(operationsOf('team')).toEqual(['get', 'getMany']);
	expect(parametersOf('team', 'get')).toEqual(['teamId', 'simplify']);
	expect(parametersOf('team', 'getMany')).toEqual(['returnAll', 'limit', 'simplify']);
	const listOptions = description.properties.find(
		(p) => p.name === 'options' && p.displayOptions?.show?.resource?.includes('webhook'),
	);
	expect(listOptions?.options?.map((option) => option.name)).toEqual(['maxPages', 'pageSize']);
});

it('opens Record on Search (issue 36: it opened on Restore)', () => {
	const operation = description.properties.find(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes('record'),
	);
	expect(operation?.default).toBe('search');
});

it("maps Create and Update columns with n8n's resource mapper (add; map: Update has no field to match on), and runs every operation from the node's execute", () => {
	const columns = description.properties.filter((p) => p.name === 'columns');
	expect(
		columns.map((p) => [
			p.type,
			p.typeOptions?.resourceMapper?.mode,
			p.displayOptions?.show?.operation,
		]),
	).toEqual([
		['resourceMapper', 'add', ['create']],
		['resourceMapper', 'map', ['update']],
		['resourceMapper', 'upsert', ['upsert']],
	]);
	expect(
		columns.find((p) => p.typeOptions?.resourceMapper?.mode === 'upsert')?.typeOptions
			?.resourceMapper,
	).toMatchObject({ resourceMapperMethod: 'getUpsertColumns', multiKeyMatch: true });
	// One dispatch (actions/router.ts): n8n runs no routes and no customOperations of this node.
	expect(typeof smartSuite.execute).toBe('function');
	expect(smartSuite).not.toHaveProperty('customOperations');
	expect(description.requestDefaults).toBeUndefined();
	for (const p of description.properties.filter((p) => p.name === 'simplify'))
		expect(p.default).toBe(true);
	for (const p of description.properties.filter(
		(p) => p.name === 'recordId' && p.type === 'resourceLocator',
	)) {
		expect(p.modes?.map((mode) => mode.name)).toEqual(['list', 'url', 'id']);
	}
});

it('takes solutions and tables from a list, a URL or an id (the modes saved workflows use stay)', () => {
	for (const name of ['tableId', 'solutionId']) {
		const locators = description.properties.filter((p) => p.name === name);
		expect(locators.length).toBeGreaterThan(0);
		for (const locator of locators) {
			expect(locator.type).toBe('resourceLocator');
			expect(locator.modes?.map((mode) => mode.name)).toEqual(['list', 'url', 'id']);
		}
	}
	expect(smartSuite.methods?.listSearch).toHaveProperty('searchTables');
});

/**
 * The entries of n8n's nodes panel for our package, as the editor builds them (editor-ui,
 * nodeCreator/composables/useActionsGeneration.ts, generateMergedNodesAndActions): a trigger whose
 * type name without "Trigger" is an action node's joins that node's entry, and the entry takes the
 * trigger's description ("default to trigger description").
 */
function nodesPanelEntries(types: INodeTypeDescription[]) {
	// A trigger's events are the options of its "Event(s)" or "Trigger On" parameter
	// (nodeTypesUtils.ts, triggersCategory); an entry with more than one action is shown without
	// "Trigger" in its name (NodeItem.vue).
	const events = (type: INodeTypeDescription) =>
		type.properties.find((property) =>
			['event', 'events', 'trigger on'].includes(property.displayName.toLowerCase()),
		)?.options?.length ?? 0;
	const full = (type: INodeTypeDescription) => ({
		name: `${PACKAGE}.${type.name}`,
		displayName: events(type) > 1 ? type.displayName.replace('Trigger', '') : type.displayName,
		description: type.description,
	});
	const entries = types.filter((type) => !type.group.includes('trigger')).map(full);
	for (const trigger of types.filter((type) => type.group.includes('trigger')).map(full)) {
		const app = entries.find((entry) => entry.name === trigger.name.replace('Trigger', ''));
		if (app) app.description = trigger.description;
		else entries.push(trigger);
	}
	return entries;
}

it("shows the action node's description on the nodes panel's combined SmartSuite entry (with the polling trigger's events); the webhook trigger has its own", () => {
	const instant = new SmartSuiteInstantTrigger().description;
	expect(nodesPanelEntries([description, new SmartSuiteTrigger().description, instant])).toEqual([
		{
			name: `${PACKAGE}.smartSuite`,
			displayName: 'SmartSuite',
			description: description.description,
		},
		{
			name: `${PACKAGE}.smartSuiteInstantTrigger`,
			displayName: 'SmartSuite Trigger',
			description: instant.description,
		},
	]);
	expect(description.description).toMatch(
		/^Create, read, update, delete, search and restore records/,
	);
});

it('keeps the type names and shows the webhook trigger as the SmartSuite Trigger (issue 38)', () => {
	const polling = new SmartSuiteTrigger().description;
	const instant = new SmartSuiteInstantTrigger().description;
	expect([polling.name, polling.displayName, polling.defaults.name]).toEqual([
		'smartSuiteTrigger',
		'SmartSuite Polling Trigger',
		'SmartSuite Polling Trigger',
	]);
	expect([instant.name, instant.displayName, instant.defaults.name]).toEqual([
		'smartSuiteInstantTrigger',
		'SmartSuite Trigger',
		'SmartSuite Trigger',
	]);
	// Their log lines start with the names the editor shows.
	expect([POLLING_TRIGGER, INSTANT_TRIGGER]).toEqual([polling.displayName, instant.displayName]);
});

/** The service n8n's trigger panel names: the display name without " Trigger" (editor-ui, getTriggerNodeServiceName). */
const serviceName = (type: INodeTypeDescription) => type.displayName.replace(/ trigger/i, '');

it("names SmartSuite in both triggers' panels and says what to do there (issue 38)", () => {
	// "Go to SmartSuite and create an event" while the Instant Trigger listens: n8n's line, which
	// no node can change.
	expect(serviceName(new SmartSuiteInstantTrigger().description)).toBe('SmartSuite');
	// The polling trigger's is "SmartSuite Polling": its panel's own words replace n8n's.
	const polling = new SmartSuiteTrigger().description;
	expect(serviceName(polling)).toBe('SmartSuite Polling');
	const panel = polling.triggerPanel;
	if (typeof panel !== 'object') throw new Error('The polling trigger has no triggerPanel');
	const { executionsHelp, activationHint } = panel;
	if (typeof executionsHelp !== 'object' || typeof activationHint !== 'object')
		throw new Error('The panel needs words for an active and an inactive workflow');
	const texts = [
		executionsHelp.active,
		executionsHelp.inactive,
		activationHint.active,
		activationHint.inactive,
	];
	for (const text of texts) {
		expect(text).toMatch(/SmartSuite/);
		expect(text).not.toMatch(/SmartSuite Polling/);
	}
	for (const help of [executionsHelp.active, executionsHelp.inactive])
		expect(help).toMatch(/change a record in a table this trigger watches.*'Fetch Test Event'/);
});

it('is the only node usable as an AI tool: the triggers are not', () => {
	expect(description.usableAsTool).toBe(true);
	expect(new SmartSuiteTrigger().description.usableAsTool).toBeUndefined();
	expect(new SmartSuiteInstantTrigger().description.usableAsTool).toBeUndefined();
});

it('empties a picked field, record, view, table or webhook when what its list depends on changes (issue 36: Field → Delete kept the previous table’s field)', () => {
	// n8n's editor (ResourceLocator) empties a picked value when a parameter named in its
	// loadOptionsDependsOn changes; the list of each depends on the table or the solution.
	const dependsOn = new Map<string, Set<string>>();
	for (const property of description.properties.filter((p) => p.type === 'resourceLocator')) {
		const on = (property.typeOptions?.loadOptionsDependsOn ?? []).join(',');
		dependsOn.set(property.name, new Set([...(dependsOn.get(property.name) ?? []), on]));
	}
	expect(Object.fromEntries([...dependsOn].map(([name, on]) => [name, [...on]]))).toMatchObject({
		fieldId: ['tableId.value'],
		recordId: ['tableId.value'],
		viewId: ['tableId.value'],
		// No dependency: Get Deleted, the only operation with a Solution beside its Table, emptied
		// the Table when switched to Restore (the Solution then gone: issue 50).
		tableId: [''],
		webhookId: ['solutionId.value'],
	});
});

it('defines the Table alike in every operation, so that n8n keeps it, named as picked, across operations (issue 50)', () => {
	const tables = description.properties.filter((p) => p.name === 'tableId');
	const shape = ({ type, default: initial, typeOptions, modes }: INodeProperties) =>
		JSON.stringify({ type, initial, typeOptions, modes });
	expect(new Set(tables.map(shape)).size).toBe(1);
});

it("shows a new trigger's Simplify switched on in its Options, and what empty Events mean (issue 50)", () => {
	for (const trigger of [new SmartSuiteTrigger(), new SmartSuiteInstantTrigger()]) {
		const { properties } = trigger.description;
		const options = properties.find((p) => p.name === 'options')!;
		expect(options.default).toEqual({ simplify: true });
		const events = properties.find((p) => p.name === 'events')!;
		expect(events.hint).toBe('Empty: every kind of event');
	}
});
