/**
 * Pings to notification URLs, as SmartSuite sends them (../shared/notes/smartsuite-api.md): after
 * each event recorded on a webhook whose notifications and system status are enabled, a POST of
 * `{"webhookId", "locator": {"accountId", "solutionId"}}` (JSON, no other header of note, never
 * the API key) to the URL registered. Delivery is apart from the request that made the change (its
 * answer never waits), at least once: a 2xx ends it, anything else is retried after each of
 * `notificationRetryDelaysMs`, and when the last retry fails the webhook's notifications are
 * disabled. The variants notification* switch copies, concurrency, delay; hold and release are
 * controls. Every attempt is logged.
 */
import http from 'node:http';
import https from 'node:https';
import type { Store } from './store';
import type { NotificationAttempt } from './types';

interface Target {
	url: string;
	body: string;
}

type Outcome = { status: number; error: null } | { status: null; error: string };

const DEFAULT_SETTLE_MS = 30_000;

export class Notifier {
	readonly log: NotificationAttempt[] = [];
	private count = 0;
	/** Deliveries under way (sending, or waiting to retry), each with all its copies. */
	private readonly running = new Set<Promise<void>>();
	/** Pings kept while held, in order. */
	private held: Array<() => void> | null = null;
	private readonly timers = new Map<NodeJS.Timeout, () => void>();
	private readonly requests = new Set<http.ClientRequest>();
	private closed = false;

	constructor(private readonly store: Store) {}

	/** Events were appended to the webhook: its pings, when its notifications are on. */
	eventsAppended(webhookId: string, count: number): void {
		if (this.closed || !this.target(webhookId)) return;
		const pings = this.store.variant.notificationsPer === 'event' ? count : 1;
		for (let i = 0; i < pings; i++) {
			const send = () => this.track(this.ping(webhookId));
			if (this.held) this.held.push(send);
			else send();
		}
	}

	hold(): void {
		this.held ??= [];
	}

	/** Sends every held ping at once, and stops holding. */
	release(): void {
		const held = this.held ?? [];
		this.held = null;
		for (const send of held) send();
	}

	heldCount(): number {
		return this.held?.length ?? 0;
	}

	resetLog(): void {
		this.log.length = 0;
		this.count = 0;
	}

	async settle(timeoutMs = DEFAULT_SETTLE_MS): Promise<void> {
		// performance.now(): tests may mock Date.now to let days pass.
		const started = performance.now();
		while (this.running.size > 0) {
			const left = timeoutMs - (performance.now() - started);
			if (left <= 0)
				throw new Error(
					`emulator: ${this.running.size} notification deliveries still under way after ${timeoutMs} ms`,
				);
			let timer: NodeJS.Timeout | undefined;
			await Promise.race([
				Promise.allSettled([...this.running]),
				new Promise((resolve) => (timer = setTimeout(resolve, left))),
			]);
			clearTimeout(timer);
		}
	}

	/** Ends every delivery: timers cleared, requests aborted, held pings dropped. */
	close(): void {
		this.closed = true;
		this.held = null;
		for (const [timer, wake] of this.timers) {
			clearTimeout(timer);
			wake();
		}
		this.timers.clear();
		for (const request of this.requests) request.destroy();
	}

	/** Where the webhook's pings go now; undefined when it has none to get (gone, or off). */
	private target(webhookId: string): Target | undefined {
		const webhook = this.store.webhooks.get(webhookId)?.webhook;
		if (
			!webhook ||
			!('enabled' in webhook.notification_status) ||
			!('enabled' in webhook.system_status)
		)
			return undefined;
		const { account_id: accountId, solution_id: solutionId } = webhook.locator;
		return {
			url: webhook.notification_status.enabled.url,
			body: JSON.stringify({ webhookId, locator: { accountId, solutionId } }),
		};
	}

	private track(delivery: Promise<void>): void {
		this.running.add(delivery);
		void delivery.finally(() => this.running.delete(delivery));
	}

	/** One ping: its copies, all at once or one after another. */
	private async ping(webhookId: string): Promise<void> {
		const { notificationCopies, notificationCopiesAtOnce, notificationDelayMs } =
			this.store.variant;
		if (notificationDelayMs > 0) await this.wait(notificationDelayMs);
		const copies = Array.from({ length: Math.max(1, notificationCopies) }, (_, i) => i + 1);
		if (notificationCopiesAtOnce)
			await Promise.all(copies.map((copy) => this.deliver(webhookId, copy)));
		else for (const copy of copies) await this.deliver(webhookId, copy);
	}

	/**
	 * Attempts until one is answered 2xx, waiting the retry delays between them. Each attempt goes to
	 * the URL registered at that moment; a webhook deleted or whose notifications went off meanwhile
	 * gets no more attempts.
	 */
	private async deliver(webhookId: string, copy: number): Promise<void> {
		const delays = this.store.variant.notificationRetryDelaysMs;
		for (let attempt = 1; !this.closed; attempt++) {
			const target = this.target(webhookId);
			if (!target) return;
			const entry: NotificationAttempt = {
				n: ++this.count,
				webhookId,
				url: target.url,
				body: target.body,
				copy,
				attempt,
				status: null,
				error: null,
				ok: false,
				at: new Date().toISOString(),
				gaveUp: false,
			};
			this.log.push(entry);
			Object.assign(entry, await this.post(target));
			entry.ok = entry.status !== null && entry.status >= 200 && entry.status < 300;
			if (entry.ok || this.closed) return;
			if (attempt > delays.length) {
				if (this.store.webhooks.has(webhookId))
					this.store.setWebhookStatus(webhookId, { notifications: 'disabled' });
				entry.gaveUp = true;
				return;
			}
			await this.wait(delays[attempt - 1]);
		}
	}

	private post({ url, body }: Target): Promise<Outcome> {
		let target: URL;
		try {
			target = new URL(url);
		} catch {
			return Promise.resolve({ status: null, error: 'not sent: not a URL' });
		}
		if (target.protocol !== 'http:' && target.protocol !== 'https:')
			return Promise.resolve({ status: null, error: 'not sent: not http(s)' });
		if (this.store.variant.notificationHosts === 'loopback' && !isLoopback(target.hostname)) {
			return Promise.resolve({
				status: null,
				error: `not sent: ${target.hostname} is not a loopback host (variant notificationHosts)`,
			});
		}
		const timeoutMs = this.store.variant.notificationTimeoutMs;
		return new Promise<Outcome>((resolve) => {
			const request = (target.protocol === 'https:' ? https : http).request(target, {
				method: 'POST',
				agent: false,
				headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
			});
			this.requests.add(request);
			const timer = setTimeout(
				() => request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })),
				timeoutMs,
			);
			const done = (outcome: Outcome) => {
				clearTimeout(timer);
				this.requests.delete(request);
				resolve(outcome);
			};
			request.on('response', (response) => {
				response.resume();
				response.on('end', () => done({ status: response.statusCode ?? 0, error: null }));
				response.on('error', () => done({ status: response.statusCode ?? 0, error: null }));
			});
			request.on('error', (error: NodeJS.ErrnoException) =>
				done({ status: null, error: error.code ?? error.message }),
			);
			request.end(body);
		});
	}

	/** A wait that close() ends at once. */
	private wait(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, ms);
			this.timers.set(timer, resolve);
		});
	}
}

function isLoopback(hostname: string): boolean {
	return (
		hostname === 'localhost' ||
		hostname === '[::1]' ||
		hostname === '::1' ||
		/^127\.\d+\.\d+\.\d+$/.test(hostname)
	);
}
