/**
 * Issue 55: no text stalls n8n. n8n runs every workflow on one event loop, so text read in time
 * that grows with the square of its size holds them all: a Markdown link with thousands of marked
 * pieces and a long address, HTML of "<"s or followed by line breaks, an e-mail of dots, a Time
 * Tracking duration of digits, a text of line breaks in an answer. Each shape is written through
 * Create and read through the Polling Trigger's Simplify at two sizes 4 times apart, in one run:
 * the time may grow about 4 times (a ratio, not a time), and the event loop is never held long.
 */
import type { IDataObject } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { createPoller, runNodeOnce, shutdownN8nCore } from '../helpers/n8n';
import type { HostileServer, Received } from './server';
import { hostileCredentials, startHostile } from './server';

const SMALL = 25_000;
const LARGE = 4 * SMALL;
/** Linear time grows 4 times from SMALL to LARGE, quadratic 16 times: this is between. */
const MAX_GROWTH = 8;
/** Times below this are not compared (a run of the engine, a garbage collection). */
const FLOOR_MS = 150;
/** The longest the event loop may be held by one run at LARGE: about 0.3 s here, 10 times that on a busy machine; the quadratic code took 5 to 130 s. */
const MAX_STALL_MS = 3_000;

const STRUCTURE = [
	{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: { primary: true } },
	{ slug: 'brief', label: 'Brief', field_type: 'richtextareafield', params: {} },
	{ slug: 'mail', label: 'Mail', field_type: 'emailfield', params: {} },
	{ slug: 'hours', label: 'Hours', field_type: 'timetrackingfield', params: {} },
	{ slug: 'notes', label: 'Notes', field_type: 'textareafield', params: {} },
];

let server: HostileServer;
/** The record the next ListEvents page holds. */
let changed: IDataObject = {};

beforeAll(async () => {
	server = await startHostile((request: Received) => {
		const method = request.path.split('/').filter(Boolean).at(-1);
		if (request.method === 'GET')
			return { status: 200, body: { id: 't1', name: 'T', solution: 's1', structure: STRUCTURE } };
		if (method === 'bulk') {
			const { items } = JSON.parse(request.body) as { items: IDataObject[] };
			return { status: 200, body: items.map((item, n) => ({ ...item, id: `r${n}` })) };
		}
		if (method === 'GetWebhook')
			return { status: 200, body: { webhook_id: 'w1', system_status: {} } };
		return {
			status: 200,
			body: {
				events: [
					{
						event_id: 'w1.1',
						kind: 'RECORD_CREATED',
						event_at: '2025-01-01T00:00:00Z',
						record_event_data: {
							record_id: 'r1',
							locator: { account_id: 'sv25cxf2', solution_id: 's1', application_id: 't1' },
							data: { id: 'r1', ...changed },
						},
					},
				],
				next_page_token: '',
			},
		};
	});
});
afterAll(async () => {
	await server.close();
	shutdownN8nCore();
});

const credentials = () => hostileCredentials(server.url);

/** How long some work took, and the longest the event loop was held meanwhile (between two ticks of a timer). */
async function timedWithStall(
	work: () => Promise<unknown>,
): Promise<{ ms: number; stallMs: number }> {
	const start = performance.now();
	let last = start;
	let stallMs = 0;
	const tick = () => {
		const now = performance.now();
		stallMs = Math.max(stallMs, now - last);
		last = now;
	};
	const timer = setInterval(tick, 5);
	await work();
	tick();
	clearInterval(timer);
	return { ms: performance.now() - start, stallMs };
}

/** The work at both sizes: linear growth, no long stall. */
async function expectLinear(work: (size: number) => Promise<unknown>): Promise<void> {
	await work(1_000); // the engine and the code warmed up
	const small = await timedWithStall(() => work(SMALL));
	const large = await timedWithStall(() => work(LARGE));
	expect(large.stallMs).toBeLessThan(MAX_STALL_MS);
	expect(large.ms / Math.max(small.ms, FLOOR_MS)).toBeLessThan(MAX_GROWTH);
}

/** A Markdown link of `size / 16` marked pieces (`size / 8` characters), its address `size / 2` long. */
const markedLink = (size: number) =>
	`[${'*a* '.repeat(size / 32)}](https://example.com/${'x'.repeat(size / 2)})`;

describe('Create (Rich Text Input Auto, plain fields)', () => {
	const create = async (fields: IDataObject) =>
		(
			await runNodeOnce(new SmartSuite(), {
				credentials: credentials(),
				continueOnFail: true,
				parameters: {
					resource: 'record',
					operation: 'create',
					tableId: { __rl: true, mode: 'id', value: 't1' },
					fieldsInput: 'json',
					fieldsJson: JSON.stringify(fields),
				},
			})
		)[0].json;

	it('a Markdown link with thousands of marked pieces and a long address: refused with what to change', async () => {
		await expectLinear(async (size) => await create({ brief: markedLink(size) }));
		expect(String((await create({ brief: markedLink(LARGE) })).error)).toContain(
			'The field "Brief" in item 0 would repeat a link\'s address in each differently formatted piece of its text',
		);
		// A link as people write it is sent.
		await create({ brief: '[*the* **docs**](https://example.com/a)' });
		expect(server.received.at(-1)!.body).toContain('<a href=\\"https://example.com/a\\">');
	});

	it('a comment of such a Markdown link: refused with what to change, nothing sent', async () => {
		const comment = async (message: string) =>
			(
				await runNodeOnce(new SmartSuite(), {
					credentials: credentials(),
					continueOnFail: true,
					parameters: {
						resource: 'comment',
						operation: 'create',
						tableId: { __rl: true, mode: 'id', value: 't1' },
						recordId: { __rl: true, mode: 'id', value: 'r1' },
						message,
						messageFormat: 'markdown',
					},
				})
			)[0].json;
		await expectLinear(async (size) => await comment(markedLink(size)));
		server.received.length = 0;
		expect(String((await comment(markedLink(LARGE))).error)).toContain(
			'The parameter "Message" would repeat a link\'s address in each differently formatted piece of its text',
		);
		expect(server.received).toEqual([]);
	});

	it('HTML then "<"s', async () => {
		await expectLinear(async (size) => await create({ brief: `<p>x</p>${'<'.repeat(size)}` }));
	});

	it('HTML then line breaks and a letter', async () => {
		await expectLinear(async (size) => await create({ brief: `<p>x</p>${'\n'.repeat(size)}x` }));
	});

	it('an e-mail of dots', async () => {
		await expectLinear(async (size) => await create({ mail: `a@${'.'.repeat(size)}@` }));
		expect(String((await create({ mail: `a@${'.'.repeat(SMALL)}@` })).error)).toContain(
			'The field "Mail"',
		);
	});

	it('a Time Tracking duration of digits', async () => {
		await expectLinear(async (size) => await create({ hours: `${'1'.repeat(size)}x` }));
	});
});

describe("the Polling Trigger's Simplify", () => {
	const poll = async (record: IDataObject, richTextAs: string) => {
		changed = record;
		const poller = createPoller(new SmartSuiteTrigger(), {
			credentials: credentials(),
			parameters: {
				webhookId: 'w1',
				events: [],
				options: { startFrom: 'allStoredEvents', simplify: true, richTextAs },
			},
		});
		return (await poller.poll())?.[0][0].json.record as IDataObject;
	};

	it('a SmartDoc of HTML then "<"s, as text', async () => {
		await expectLinear(
			async (size) => await poll({ brief: { html: `<p>x</p>${'<'.repeat(size)}` } }, 'text'),
		);
	});

	it('a SmartDoc of HTML then line breaks and a letter, as text', async () => {
		await expectLinear(
			async (size) => await poll({ brief: { html: `<p>x</p>${'\n'.repeat(size)}x` } }, 'text'),
		);
	});

	it('a SmartDoc of HTML with a link of thousands of bold pieces and a long address, as Markdown', async () => {
		const html = (size: number) =>
			`<a href="https://example.com/${'x'.repeat(size / 2)}">${'<b>a</b> '.repeat(size / 36)}</a>`;
		await expectLinear(async (size) => await poll({ brief: { html: html(size) } }, 'markdown'));
		const shown = String((await poll({ brief: { html: html(SMALL) } }, 'markdown')).Brief);
		expect(shown.match(/https:/g)).toHaveLength(1);
	});

	it('a SmartDoc of italics and bold punctuation touching, piece after piece, as Markdown', async () => {
		// Each bold comma opens right after italics' closing star (`*x*__,__`): the writer looks at
		// how its text ends, which it once did by reading the whole text again (200,000 pieces: 49 s).
		const data = (size: number) => ({
			type: 'doc',
			content: [
				{
					type: 'paragraph',
					content: Array.from({ length: size / 2 }, (_, at) => ({
						type: 'text',
						text: at % 2 ? ',' : 'x',
						marks: [{ type: at % 2 ? 'strong' : 'em' }],
					})),
				},
			],
		});
		await expectLinear(async (size) => await poll({ brief: { data: data(size) } }, 'markdown'));
		const shown = String((await poll({ brief: { data: data(4) } }, 'markdown')).Brief);
		expect(shown).toBe('*x*__,__');
	});

	it('a text of line breaks (every string of an answer is searched for the key)', async () => {
		await expectLinear(async (size) => await poll({ notes: `x${'\n'.repeat(size)} ` }, 'text'));
	});
});
