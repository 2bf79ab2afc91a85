/**
 * Watching a published SmartSuite Polling Trigger workflow from outside n8n: append events to the
 * emulator's webhook, read the executions n8n stored, and see the requests the trigger made.
 * Shared by the single-process and the queue-mode e2e suites.
 */
import { type Emulator, type ReceivedRequest } from '../emulator';
import { type N8n, type StoredExecution, nodeOutput, waitFor } from './harness';
import { type N8nVersion } from './versions';

/** A workflow whose only node is the Instant Trigger watching one table (`webhookId` names its URLs). */
export function instantTriggerWorkflow(workflow: {
	id: string;
	name: string;
	trigger: { id: string; name: string; webhookId: string };
	solutionId: string;
	tableId: string;
	credential: { id: string; name: string };
	options?: Record<string, unknown>;
}) {
	const { trigger, solutionId, tableId, credential, options = {} } = workflow;
	return {
		id: workflow.id,
		name: workflow.name,
		nodes: [
			{
				...trigger,
				type: 'n8n-nodes-smartsuite-workspace.smartSuiteInstantTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					solutionId: { __rl: true, mode: 'id', value: solutionId },
					watch: 'tables',
					tableIds: [tableId],
					events: [],
					options,
				},
				credentials: { smartSuiteWorkspaceApi: credential },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

/**
 * A workflow with its SmartSuite Polling Trigger on the version's test schedule (versions.ts): every 10 s
 * on the floor, once a minute on the current n8n, which refuses anything faster.
 */
export function withTestPolls<T extends Record<string, unknown>>(
	workflow: T,
	version: N8nVersion,
): T {
	const nodes = (
		workflow.nodes as Array<{ type: string; parameters: Record<string, unknown> }>
	).map((node) =>
		node.type.endsWith('.smartSuiteTrigger')
			? { ...node, parameters: { ...node.parameters, pollTimes: version.pollTimes } }
			: node,
	);
	return { ...workflow, nodes };
}

/** `count` RECORD_UPDATED changes in a table: returns the ids of the events its webhooks got. */
export function recordUpdates(emu: Emulator, tableId: string, count: number): string[] {
	const changes = Array.from({ length: count }, (_, i) => ({
		kind: 'RECORD_UPDATED',
		data: { title: `Deal ${i}` },
	}));
	return emu.recordChanges(tableId, changes).map((event) => event.event_id);
}

export class TriggerWatch {
	constructor(
		private readonly emu: Emulator,
		/** The n8n whose database holds the executions (in queue mode, any process: they share it). */
		private readonly n8n: N8n,
		readonly workflowId: string,
		readonly triggerNode: string,
		readonly webhookId: string,
	) {}

	/** Appends events of these kinds; returns the ids of the RECORD_UPDATED ones (what the workflow wants). */
	append(kinds: string[]): string[] {
		return this.emu
			.appendEvents(
				this.webhookId,
				kinds.map((kind) => ({ kind })),
			)
			.filter((event) => event.kind === 'RECORD_UPDATED')
			.map((event) => event.event_id);
	}

	/** The trigger's output items over all successful executions, oldest first. */
	triggered(executions: StoredExecution[]): Array<Record<string, unknown>> {
		return executions
			.filter((execution) => execution.status === 'success')
			.flatMap((execution) => nodeOutput(execution.runData, this.triggerNode));
	}

	async executions(): Promise<StoredExecution[]> {
		return await this.n8n.executions(this.workflowId);
	}

	/**
	 * Waits until the trigger has output every event in `ids` (at most a poll period plus 50 s of
	 * n8n's work on a busy machine); returns the executions so far.
	 */
	async waitForEvents(ids: string[]): Promise<StoredExecution[]> {
		let seen = new Set<unknown>();
		const probe = async () => {
			const executions = await this.executions();
			seen = new Set(this.triggered(executions).map((item) => item.event_id));
			return ids.every((id) => seen.has(id)) ? executions : undefined;
		};
		const waitMs = this.n8n.version.pollPeriodMs + 50_000;
		return await waitFor(`the trigger to output ${ids.join(', ')}`, probe, waitMs, 1000).catch(
			(error: Error) => {
				throw new Error(`${error.message}; so far it output: ${[...seen].join(', ') || 'nothing'}`);
			},
		);
	}

	/** Number of the last request the emulator received (0 before any). */
	lastRequestNumber(): number {
		return this.emu.requests.at(-1)?.n ?? 0;
	}

	/**
	 * ListEvents requests for this trigger's webhook the emulator received after request number
	 * `since`. Other workflows' reads (an Instant Trigger's drain, Fetch Test Event) are not a poll
	 * of this trigger: counted, they let a test append its next events before this trigger had read.
	 * A watch of a webhook the trigger creates (no id given) counts every ListEvents.
	 */
	listCallsSince(since: number): number {
		const ours = (request: ReceivedRequest) =>
			!this.webhookId ||
			(request.body as { webhook_id?: unknown } | undefined)?.webhook_id === this.webhookId;
		return this.emu.requests.filter(
			(request) => request.n > since && request.operation === 'ListEvents' && ours(request),
		).length;
	}

	/**
	 * "Create a webhook for me", first activation: waits until the trigger has created its webhook
	 * (after request number `since`), then for the activation poll. Another published workflow's
	 * poll may come first: n8n 2.41 can activate workflows many seconds apart.
	 */
	async waitForManagedActivation(since: number): Promise<void> {
		const created = () =>
			this.emu.requests.some(
				(request) =>
					request.n > since && request.operation === 'CreateWebhook' && request.status === 200,
			);
		await waitFor(
			'the webhook created at activation',
			() => (created() ? true : undefined),
			90_000,
		);
		await this.waitForActivationPoll(since);
	}

	/** Waits for the poll n8n runs at activation, then until it has stopped reading for 1.5 s. */
	async waitForActivationPoll(since: number): Promise<void> {
		await this.waitForPoll(since, 'the poll at activation', 60_000);
	}

	/** Waits for a poll that reads after request number `since`, then until it has stopped reading for 1.5 s. */
	async waitForPoll(
		since: number,
		what = 'the next poll',
		timeoutMs = this.n8n.version.pollPeriodMs + 50_000,
	): Promise<void> {
		await waitFor(what, () => (this.listCallsSince(since) > 0 ? true : undefined), timeoutMs);
		let before = -1;
		const quiet = () => {
			const now = this.listCallsSince(since);
			if (now === before) return true;
			before = now;
			return undefined;
		};
		await waitFor(`${what} to finish`, quiet, 30_000, 1500);
	}
}
