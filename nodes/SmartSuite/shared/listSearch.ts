/**
 * "From list" searches of the resource locators (solution, table, webhook) and the option lists
 * of the multi-selects (tables, fields). Both the action node and the trigger register them.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { entriesOf, listSolutions, listTables, listWebhooksPage } from './directory';
import { credentialsOf, isJsonObject, withoutTrailingSlash } from './transport';
import { fieldTypeName } from './fieldTypes';
import { KINDS } from './scope';

/** The id chosen in a resource locator or option of the node being edited ('' when none). */
function currentId(context: ILoadOptionsFunctions, name: string): string {
	let value: unknown;
	try {
		value = context.getCurrentNodeParameter(name, { extractValue: true });
	} catch {
		// The operation being edited has no such parameter (Restore has no Solution): none chosen.
		return '';
	}
	return typeof value === 'string' ? value.trim() : '';
}

function matches(filter: string | undefined, ...texts: string[]): boolean {
	const wanted = (filter ?? '').trim().toLowerCase();
	return wanted === '' || texts.some((text) => text.toLowerCase().includes(wanted));
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** Where a solution or table opens in SmartSuite's app (the records API is served by the app's host). */
export async function appUrls(
	context: ILoadOptionsFunctions,
): Promise<(...ids: string[]) => string> {
	const { baseUrl, workspaceId } = await credentialsOf(context);
	return (...ids) =>
		[
			withoutTrailingSlash(baseUrl),
			workspaceId.trim(),
			'solution',
			...ids.map(encodeURIComponent),
		].join('/');
}

/** An entry of a list (its id checked by entriesOf), named by its name or else its id. */
function named(item: IDataObject): { id: string; name: string } {
	const id = String(item.id);
	return { id, name: typeof item.name === 'string' && item.name !== '' ? item.name : id };
}

async function searchSolutions(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const appUrl = await appUrls(this);
	const results: INodeListSearchItems[] = (await listSolutions(this))
		.map(named)
		.filter(({ id, name }) => matches(filter, name, id))
		.map(({ id, name }) => ({ name, value: id, url: appUrl(id) }));
	return { results: results.sort(byName) };
}

/**
 * The names of the workspace's solutions (one request), to tell apart tables of the same name in a
 * list of the whole workspace. Without them (the list failed) the tables keep their bare names.
 */
async function solutionNames(context: ILoadOptionsFunctions): Promise<Map<string, string>> {
	try {
		return new Map((await listSolutions(context)).map(named).map(({ id, name }) => [id, name]));
	} catch (error) {
		context.logger.warn(
			`SmartSuite: the table list shows no solution names: ${(error as Error).message}`,
		);
		return new Map();
	}
}

/** The tables of the chosen solution, or of the whole workspace as "Table (Solution)". */
async function searchTables(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const solutionId = currentId(this, 'solutionId');
	const appUrl = await appUrls(this);
	const [tables, solutions] = await Promise.all([
		listTables(this, solutionId),
		solutionId ? new Map<string, string>() : solutionNames(this),
	]);
	const results: INodeListSearchItems[] = tables
		.map((table) => {
			const { id, name } = named(table);
			const solution = String(table.solution ?? solutionId);
			const solutionName = solutions.get(solution);
			return { id, solution, name: solutionName ? `${name} (${solutionName})` : name };
		})
		.filter(({ id, name }) => matches(filter, name, id))
		.map(({ id, name, solution }) => ({ name, value: id, url: appUrl(solution, id) }));
	return { results: results.sort(byName) };
}

const KIND_ORDER = ['RECORD_CREATED', 'RECORD_UPDATED', 'RECORD_DELETED'];

/** e.g. "Tables Deals, Contacts · Created, Updated · 5d1d8a6e" */
function describeWebhook(webhook: IDataObject, tableNames: Map<string, string>): string {
	const filter = isJsonObject(webhook.filter) ? webhook.filter : {};
	const tableName = (id: unknown) => tableNames.get(String(id)) ?? String(id);
	let watched = 'Whole solution';
	if (isJsonObject(filter.applications)) {
		const ids = Array.isArray(filter.applications.application_ids)
			? filter.applications.application_ids
			: [];
		watched = `${ids.length === 1 ? 'Table' : 'Tables'} ${ids.map(tableName).join(', ')}`;
	} else if (isJsonObject(filter.application)) {
		const fields = Array.isArray(filter.application.field_ids) ? filter.application.field_ids : [];
		watched = `Table ${tableName(filter.application.application_id)}, fields ${fields.join(', ')}`;
	}
	// In one order whatever order SmartSuite keeps, so that the same kinds read the same.
	const rank = (kind: string) =>
		KIND_ORDER.includes(kind) ? KIND_ORDER.indexOf(kind) : KIND_ORDER.length;
	const kinds = (Array.isArray(webhook.kinds) ? webhook.kinds : [])
		.map(String)
		.sort((a, b) => rank(a) - rank(b))
		.map((kind) => KINDS.find((known) => known.value === kind)?.name.replace('Record ', '') ?? kind)
		.join(', ');
	const status =
		isJsonObject(webhook.system_status) && 'disabled' in webhook.system_status ? ' (expired)' : '';
	// The id's start tells apart webhooks that watch the same things (ID mode takes the whole id).
	return `${watched} · ${kinds}${status} · ${String(webhook.webhook_id).slice(0, 8)}`;
}

async function searchWebhooks(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const solutionId = currentId(this, 'solutionId');
	if (!solutionId) {
		throw new NodeOperationError(this.getNode(), 'Choose a Solution first', {
			description:
				'The list shows the webhooks of one solution. Or enter the webhook ID (mode "ID").',
		});
	}
	const page = await listWebhooksPage(this, solutionId, paginationToken ?? '');
	const tableNames = new Map(
		(await listTables(this, solutionId)).map((table) => [String(table.id), named(table).name]),
	);
	const results = page.webhooks
		.map((webhook) => ({
			name: describeWebhook(webhook, tableNames),
			value: String(webhook.webhook_id),
		}))
		.filter(({ name, value }) => matches(filter, name, value));
	return { results, paginationToken: page.nextPageToken || undefined };
}

export const listSearch = { searchSolutions, searchTables, searchWebhooks };

async function getTables(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const tables = await listTables(this, currentId(this, 'solutionId'));
	return tables
		.map(named)
		.map(({ id, name }) => ({ name, value: id }))
		.sort(byName);
}

async function getFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const tableId = currentId(this, 'tableId');
	if (!tableId) return [];
	const table = (await listTables(this, currentId(this, 'solutionId'))).find(
		(candidate) => candidate.id === tableId,
	);
	const structure = entriesOf(
		this,
		Array.isArray(table?.structure) ? table.structure : [],
		'slug',
		'fields',
	);
	return structure
		.map((field) => ({
			name:
				typeof field.label === 'string' && field.label !== '' ? field.label : String(field.slug),
			value: String(field.slug),
			description: fieldTypeName(String(field.field_type ?? '')),
		}))
		.sort(byName);
}

export const loadOptions = { getTables, getFields };
