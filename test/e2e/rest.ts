/**
 * n8n's own REST API (what the editor calls), signed in as the instance owner: for what the CLI
 * cannot do to a running n8n 2.8 (`publish:workflow` there only takes effect at the next start),
 * such as saving a change to an active workflow and publishing it, or unpublishing it.
 */
import { randomUUID } from 'node:crypto';

import { type N8n, waitFor } from './harness';

export const OWNER = {
	email: 'e2e-owner@example.com',
	password: 'SmartSuite-e2e1',
	firstName: 'E2E',
	lastName: 'Owner',
};

/** A workflow as GET /rest/workflows/:id gives it (the fields used here). */
export interface RestWorkflow {
	id: string;
	versionId: string;
	nodes: Array<{ name: string; parameters: Record<string, unknown> } & Record<string, unknown>>;
	connections: Record<string, unknown>;
	active: boolean;
	[key: string]: unknown;
}

/** A community package as n8n's REST API lists it. */
export interface InstalledPackage {
	packageName: string;
	installedVersion: string;
	updateAvailable?: string;
	failedLoading?: boolean;
	installedNodes: Array<{ name: string; type: string; latestVersion: number }>;
}

export class N8nRest {
	/** n8n ties its auth cookie to the browser that signed in. */
	private readonly browserId = randomUUID();

	private constructor(
		private readonly n8n: N8n,
		private cookie = '',
	) {}

	/** Creates the owner on a fresh instance (once), then signs in as the owner. */
	static async signIn(n8n: N8n): Promise<N8nRest> {
		await n8n.ensureOwner(OWNER);
		const rest = new N8nRest(n8n);
		const response = await rest.send('POST', '/rest/login', {
			emailOrLdapLoginId: OWNER.email,
			password: OWNER.password,
		});
		const cookie = (response.headers.get('set-cookie') ?? '').match(/n8n-auth=[^;]+/)?.[0];
		if (!cookie) throw new Error('n8n sent no n8n-auth cookie at sign-in');
		rest.cookie = cookie;
		return rest;
	}

	/** Creates a workflow (the editor's first Save); returns it with its id and versionId. */
	async createWorkflow(workflow: Record<string, unknown>): Promise<RestWorkflow> {
		return await this.call<RestWorkflow>('POST', '/rest/workflows', workflow);
	}

	/** Creates a credential (the editor's credential dialog); n8n encrypts `data`. */
	async createCredential(credential: {
		name: string;
		type: string;
		data: Record<string, unknown>;
	}): Promise<{ id: string; name: string }> {
		return await this.call('POST', '/rest/credentials', credential);
	}

	/** Saves a credential anew (the editor's credential dialog, Save); n8n encrypts `data`. */
	async updateCredential(
		id: string,
		credential: { name: string; type: string; data: Record<string, unknown> },
	): Promise<{ id: string; name: string }> {
		return await this.call('PATCH', `/rest/credentials/${id}`, credential);
	}

	/** Settings → Community nodes → Install: n8n downloads the package from its registry and loads it. */
	async installPackage(name: string): Promise<InstalledPackage> {
		return await this.call<InstalledPackage>('POST', '/rest/community-packages', { name });
	}

	/** The Community nodes screen's list (with `updateAvailable` from `npm outdated`). */
	async packages(): Promise<InstalledPackage[]> {
		return await this.call<InstalledPackage[]>('GET', '/rest/community-packages');
	}

	/** The screen's Update: the newest version from the registry. */
	async updatePackage(name: string): Promise<InstalledPackage> {
		return await this.call<InstalledPackage>('PATCH', '/rest/community-packages', { name });
	}

	async uninstallPackage(name: string): Promise<void> {
		await this.send('DELETE', `/rest/community-packages?name=${encodeURIComponent(name)}`);
	}

	/**
	 * The node and credential types n8n offers the editor (/types/*.json). n8n rewrites these files
	 * in place when packages change: a read during the rewrite gets a cut file, so read until whole.
	 */
	async offeredTypes(): Promise<{ nodes: string[]; credentials: string[] }> {
		const names = async (path: string) =>
			await waitFor(
				`a whole ${path}`,
				async () => {
					const text = await (await this.send('GET', path)).text();
					try {
						return (JSON.parse(text) as Array<{ name: string }>).map((type) => type.name);
					} catch {
						return undefined;
					}
				},
				30_000,
			);
		return {
			nodes: await names('/types/nodes.json'),
			credentials: await names('/types/credentials.json'),
		};
	}

	async workflow(id: string): Promise<RestWorkflow> {
		return await this.call<RestWorkflow>('GET', `/rest/workflows/${encodeURIComponent(id)}`);
	}

	/** Saves a new version of the workflow (as the editor's Save does); returns it. */
	async save(workflow: RestWorkflow): Promise<RestWorkflow> {
		const { id, versionId, nodes, connections, name, settings } = workflow;
		return await this.call<RestWorkflow>('PATCH', `/rest/workflows/${encodeURIComponent(id)}`, {
			versionId,
			nodes,
			connections,
			name,
			settings,
		});
	}

	/** Publishes that version (the editor's Publish; on an active workflow, a re-publish). */
	async publish(id: string, versionId: string): Promise<RestWorkflow> {
		return await this.call<RestWorkflow>(
			'POST',
			`/rest/workflows/${encodeURIComponent(id)}/activate`,
			{ versionId },
		);
	}

	async unpublish(id: string): Promise<RestWorkflow> {
		return await this.call<RestWorkflow>(
			'POST',
			`/rest/workflows/${encodeURIComponent(id)}/deactivate`,
			{},
		);
	}

	/**
	 * A run started in the editor: "Fetch Test Event" of a polling trigger (`triggerToStartFrom`
	 * and `destinationNode` the trigger), "Execute step" (`destinationNode` the node). n8n answers
	 * with the execution's id; the run goes on in the background (on a worker when offloaded).
	 */
	async runManually(
		workflow: RestWorkflow,
		start: { triggerToStartFrom?: { name: string }; destinationNode: string },
	): Promise<{ executionId?: string; waitingForWebhook?: boolean }> {
		return await this.call('POST', `/rest/workflows/${encodeURIComponent(workflow.id)}/run`, {
			workflowData: workflow,
			...(start.triggerToStartFrom ? { triggerToStartFrom: start.triggerToStartFrom } : {}),
			destinationNode: { nodeName: start.destinationNode, mode: 'inclusive' },
		});
	}

	/**
	 * The editor's "Listen for test event" on a trigger: n8n registers the node's test webhook and
	 * answers `waitingForWebhook: true`; the first request to it runs the workflow (mode manual).
	 */
	async listenForTestEvent(
		workflow: RestWorkflow,
		triggerName: string,
	): Promise<{ waitingForWebhook?: boolean }> {
		return await this.call('POST', `/rest/workflows/${encodeURIComponent(workflow.id)}/run`, {
			workflowData: workflow,
			triggerToStartFrom: { name: triggerName },
		});
	}

	private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await this.send(method, path, body);
		const answer = (await response.json()) as { data: T };
		return answer.data;
	}

	private async send(method: string, path: string, body?: unknown): Promise<Response> {
		const response = await fetch(`${this.n8n.url}${path}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': this.browserId,
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(60_000),
		});
		if (!response.ok)
			throw new Error(
				`n8n REST ${method} ${path} answered ${response.status}: ${await response.text()}`,
			);
		return response;
	}
}
