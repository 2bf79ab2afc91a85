/**
 * Writes many items as SmartSuite's bulk requests: at most 25 records per request, per table, in
 * input order. A batch that fails fails only its own items, each error saying so; the other
 * batches go on. A batch of one goes to the single-record endpoint, which also checks required
 * fields and names the field in a 422.
 */
import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { fieldComplaints } from '../../shared/fields';
import { isObject } from '../../shared/fields/values';
import type { ApiResponse } from '../../shared/transport';
import { readJson } from '../../shared/transport';
import type { RecordsClient, RecordsRequest } from '../../shared/records';
import { recordsClient } from '../../shared/records';
import { MayExistError } from '../../shared/records';
import type { Outcome } from './common';
import { checkedAnswer, failure, isRefusal, outputOf, rejectedFieldsError } from './common';
import type { ListChanges } from './listChanges';
import { mergeCurrentLists } from './listChanges';
import { recordLockKey, withRecordLocks } from '../../shared/recordLocks';

/** SmartSuite's bulk endpoints take at most 25 records (422 above). */
export const BULK_LIMIT = 25;

/** One item ready to be written. */
export interface Write {
	itemIndex: number;
	tableId: string;
	/** The record's fields (create, update); empty for delete. */
	body: IDataObject;
	/** The record (update, delete). */
	recordId?: string;
	/** Links and people to add or remove (update): merged into the record's lists right before the write. */
	listChanges?: ListChanges;
}

export interface BatchWriter {
	/** Whether answers are read with the table's structure (records to show, 422s to name by label). */
	readsStructure: boolean;
	/** The request for one item alone. */
	single(write: Write): RecordsRequest;
	/** The request for 2 to 25 items of one table. */
	bulk(tableId: string, writes: Write[]): RecordsRequest;
	/**
	 * Each write's result from a successful answer, in the order of `writes`. `repeated`: the
	 * request was sent again after an attempt that may have been carried out (see ApiResponse).
	 */
	results(
		answer: unknown,
		writes: Write[],
		structure: Field[],
		single: boolean,
		repeated: boolean,
	): Outcome[] | Promise<Outcome[]>;
	/**
	 * Whether a failed answer to a repeated request shows that an earlier attempt did the work
	 * (a delete answered 404): its writes then count as done, `results(null, …)`.
	 */
	doneBefore?(response: ApiResponse, single: boolean): boolean;
}

/** What a write operation makes of its items before sending: the writes, and the items that failed. */
export interface Prepared {
	writes: Write[];
	/** By item index: the error of an item that will not be sent. */
	failed: Array<Outcome | undefined>;
}

/** A write operation (Create, Update, Delete): prepare every item, then send them in batches. */
export async function executeWrites(
	context: IExecuteFunctions,
	prepare: (client: RecordsClient, items: INodeExecutionData[]) => Promise<Prepared>,
	writerOf: (client: RecordsClient) => BatchWriter,
): Promise<INodeExecutionData[][]> {
	const items = context.getInputData();
	const client = await recordsClient(context);
	const { writes, failed } = await prepare(client, items);
	const outcomes = await writeInBatches(client, writes, writerOf(client));
	const sent = new Map(writes.map((write, position) => [write.itemIndex, outcomes[position]]));
	return outputOf(
		context,
		items.map((_item, itemIndex) => [failed[itemIndex] ?? sent.get(itemIndex)!]),
	);
}

/**
 * Splits into chunks of at most `size` whose elements share `keyOf`, in input order within each
 * key, keys in order of first appearance. Linear: each element is pushed once (100,000 items
 * take milliseconds; see `npm run bench`, section "Batching").
 */
export function chunksBy<T>(
	elements: T[],
	keyOf: (element: T) => string,
	size = BULK_LIMIT,
): T[][] {
	const open = new Map<string, T[]>();
	const byKey = new Map<string, T[][]>();
	for (const element of elements) {
		const key = keyOf(element);
		let chunk = open.get(key);
		if (!chunk || chunk.length >= size) {
			chunk = [];
			open.set(key, chunk);
			const chunks = byKey.get(key);
			if (chunks) chunks.push(chunk);
			else byKey.set(key, [chunk]);
		}
		chunk.push(element);
	}
	return [...byKey.values()].flat();
}

/** Splits into batches of at most `size`, each of one table, in input order within each table. */
export function batchesOf(writes: Write[], size = BULK_LIMIT): Write[][] {
	return chunksBy(writes, (write) => write.tableId, size);
}

/**
 * The locks a batch holds from the read of its records' current lists to the end of its write:
 * one per record whose links or people it adds or removes, so that such a change made by a
 * parallel call of this process (a model's parallel tool calls) is never written over with lists
 * read before it. A write that gives whole lists reads nothing and takes no lock.
 */
function lockKeys(client: RecordsClient, batch: Write[]): string[] {
	const { baseUrl, workspaceId } = client.credentials;
	return batch
		.filter((write) => write.listChanges && write.recordId !== undefined)
		.map((write) => recordLockKey(baseUrl, workspaceId, write.tableId, write.recordId!));
}

/**
 * Sends every batch, one after the other; returns each write's outcome, in the order of `writes`
 * (an item may have several writes: Upsert's Update All Matches).
 */
export async function writeInBatches(
	client: RecordsClient,
	writes: Write[],
	writer: BatchWriter,
): Promise<Outcome[]> {
	const outcomes: Outcome[] = [];
	const positions = new Map(writes.map((write, position) => [write, position]));
	const batches = batchesOf(writes);
	for (const [index, planned] of batches.entries()) {
		let batch = planned;
		try {
			await withRecordLocks(client.node, lockKeys(client, planned), async () => {
				const missing = await mergeCurrentLists(client, planned);
				missing.forEach((outcome, write) => (outcomes[positions.get(write)!] = outcome));
				batch = planned.filter((write) => !missing.has(write));
				if (batch.length === 0) return;
				const single = batch.length === 1;
				const request = single ? writer.single(batch[0]) : writer.bulk(batch[0].tableId, batch);
				const structure = writer.readsStructure ? await client.structure(batch[0].tableId) : [];
				const response = await client.send(request);
				const repeated = response.repeated === true;
				const perItem = single ? undefined : itemRefusals(client, response, batch, structure);
				const answer = () =>
					repeated && writer.doneBefore?.(response, single)
						? null
						: checkedAnswer(
								client,
								response,
								request,
								structure,
								single ? batch[0].itemIndex : undefined,
							);
				const results =
					perItem ?? (await writer.results(answer(), batch, structure, single, repeated));
				results.forEach(
					(outcome, position) => (outcomes[positions.get(batch[position])!] = outcome),
				);
			});
		} catch (error) {
			const { error: cause } = failure(error) as { error: NodeApiError | NodeOperationError };
			for (const write of batch)
				outcomes[positions.get(write)!] = {
					error:
						batch.length === 1
							? cause
							: batchError(client, cause, batch, index, batches.length, write.itemIndex),
				};
		}
	}
	return outcomes;
}

/**
 * A bulk 400 or 422 that answers per record (`{"items": [{"<slug>": ["message"]}, {}, ...]}`): each
 * refused record gets its own complaint, by label; the others were not written either.
 */
function itemRefusals(
	client: RecordsClient,
	response: ApiResponse,
	batch: Write[],
	structure: Field[],
): Outcome[] | undefined {
	if (!isRefusal(response.statusCode)) return undefined;
	const body = readJson(response.body)?.value;
	const items = isObject(body) && Array.isArray(body.items) ? body.items : undefined;
	if (!items || items.length !== batch.length) return undefined;
	const complaints = items.map((item) => fieldComplaints(item, structure));
	if (complaints.every((list) => list.length === 0)) return undefined;
	const refused = batch
		.filter((_write, position) => complaints[position].length > 0)
		.map((write) => write.itemIndex);
	return batch.map((write, position): Outcome => {
		if (complaints[position].length > 0)
			return {
				error: rejectedFieldsError(client, complaints[position], response, write.itemIndex),
			};
		const message = `Not written: SmartSuite refused the whole batch because of item${refused.length > 1 ? 's' : ''} ${refused.join(', ')}`;
		return {
			error: new NodeApiError(client.node, { message } as JsonObject, {
				message,
				description:
					'This record itself was accepted; run it again once the refused ones are fixed.',
				httpCode: String(response.statusCode),
				itemIndex: write.itemIndex,
			}),
		};
	});
}

/** The error of one item of a failed batch: which batch, which items, and what SmartSuite said. */
function batchError(
	client: RecordsClient,
	cause: NodeApiError | NodeOperationError,
	batch: Write[],
	index: number,
	count: number,
	itemIndex: number,
) {
	const items = batch.map((write) => write.itemIndex);
	const message = `Batch ${index + 1} of ${count} (items ${items[0]} to ${items[items.length - 1]}, ${batch.length} records) failed: ${cause.message}`;
	const outcome =
		cause instanceof MayExistError
			? ''
			: `SmartSuite refused the whole request, so none of its ${batch.length} records was written; the other batches were sent. `;
	const description = `${outcome}${cause.description ?? ''}`.trim();
	if (cause instanceof NodeApiError) {
		return new NodeApiError(client.node, { message } as JsonObject, {
			message,
			description,
			httpCode: cause.httpCode ?? undefined,
			itemIndex,
		});
	}
	return new NodeOperationError(client.node, message, { description, itemIndex });
}

/** An answer that does not hold one result per record sent. */
export function unexpectedAnswerError(
	client: RecordsClient,
	action: string,
	itemIndex: number,
): NodeApiError {
	const message = `SmartSuite's answer to the request to ${action} does not hold this record`;
	return new NodeApiError(client.node, { message } as JsonObject, {
		message,
		description:
			'The request was answered as a success, but without a result for this item. Check the table in SmartSuite.',
		itemIndex,
	});
}
