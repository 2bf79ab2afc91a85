/**
 * Sending one authenticated request: in the key's turn (pace.ts), with its deadline, the answer read
 * bounded and redacted (answer.ts); a failure to connect or a deadline passed becomes a NodeApiError.
 */
import type { IHttpRequestOptions, IN8nHttpFullResponse, ITriggerFunctions } from 'n8n-workflow';

import type { ApiResponse } from './answer';
import { AnswerTooLarge, answerText, received, tooLargeError } from './answer';
import type { RequestContext, SmartSuiteCredentials } from './credentials';
import { CREDENTIAL_NAME, credentialsOf, hasUserInfo, userInfoError } from './credentials';
import { heldSecrets } from './heldSecrets';
import { deadlineError, networkError } from './networkFailures';
import { answered, refused, takeTurn } from './pace';
import { rateLimitWaitMs } from './rateLimit';
import { MIN_SCRUBBED_LENGTH, secretsOf } from './redaction';

/**
 * What every request of the package adds to n8n's defaults. Redirects are never followed: the
 * API is POST-only and never redirects, and n8n would re-send the key to any host it is sent to.
 * The answer arrives as a stream, read as text by `answerText` up to MAX_ANSWER_BYTES (n8n's
 * helper passes no size limit on to axios), so that JSON that is not an object can be told from
 * text that is not JSON at all.
 */
export const REQUEST_DEFAULTS = {
	disableFollowRedirect: true,
	encoding: 'stream',
	ignoreHttpStatusErrors: true,
} as const satisfies Partial<IHttpRequestOptions>;

/**
 * A trigger's scheduled tick (ITriggerFunctions; the Instant Trigger's checks). n8n 2.41 evaluates
 * the credential's `authenticate` expressions in an isolate it acquires only around executions,
 * activations and polls: in a tick it fails ("No bridge acquired for this context").
 */
const isScheduledTick = (context: RequestContext): context is ITriggerFunctions =>
	'emit' in context && 'getActivationMode' in context;

/** The headers the credential's `authenticate` adds, for a tick, where n8n cannot add them. */
async function signed(context: RequestContext): Promise<Record<string, string>> {
	const { apiKey, workspaceId } = await credentialsOf(context);
	return { Authorization: `Token ${apiKey.trim()}`, 'ACCOUNT-ID': workspaceId.trim() };
}

export const REQUEST_LIMITS = {
	/** How long a request may take, from its start to its answer's last byte, when its caller names no time. */
	deadlineMs: 60_000,
};

/**
 * Sends one authenticated request (POST unless told) and returns the answer whatever its status.
 * It waits for the key's turn (see takeTurn: the credential's Requests per Second, or lower once
 * the key was refused), then has until `timeout` (ms, from the call, the wait for the turn
 * included) for the whole answer: an abort, not n8n's idle-socket timeout, which a server sending
 * a byte now and then holds open for ever. A 429 holds the key (see `refused`). Network failures
 * become a NodeApiError built from a plain object, so the request (and its Authorization header)
 * never travels inside the error. The API key is the credential's, to keep it out of errors.
 */
export async function sendRequest(
	this: RequestContext,
	options: Pick<IHttpRequestOptions, 'baseURL' | 'url' | 'body' | 'qs' | 'timeout' | 'headers'> & {
		method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
	},
	{ apiKey, requestsPerSecond }: Pick<SmartSuiteCredentials, 'apiKey' | 'requestsPerSecond'>,
): Promise<ApiResponse> {
	if (hasUserInfo(options.baseURL ?? '')) throw userInfoError(this.getNode());
	const { timeout = REQUEST_LIMITS.deadlineMs, ...rest } = options;
	const deadline = AbortSignal.timeout(timeout);
	const turn = await takeTurn(apiKey.trim(), requestsPerSecond);
	try {
		if (deadline.aborted) throw deadlineError(this.getNode(), timeout);
		const request: IHttpRequestOptions = {
			method: 'POST',
			...rest,
			...REQUEST_DEFAULTS,
			json: true,
			returnFullResponse: true,
			abortSignal: deadline,
		};
		const response = (
			isScheduledTick(this)
				? await this.helpers.httpRequest({
						...request,
						headers: { ...request.headers, ...(await signed(this)) },
					})
				: await this.helpers.httpRequestWithAuthentication.call(
						withDeadline(this, deadline),
						CREDENTIAL_NAME,
						request,
					)
		) as IN8nHttpFullResponse;
		const body = await answerText(response);
		const answer = received({ ...response, body }, apiKey, heldSecrets(this));
		if (answer.statusCode === 429) answer.heldMs = refused(turn, rateLimitWaitMs(answer));
		return answer;
	} catch (error) {
		if (error instanceof AnswerTooLarge)
			throw tooLargeError(
				this.getNode(),
				error,
				options,
				// As describeFailure: a key too short to be real would cut the path apart.
				secretsOf(apiKey, heldSecrets(this)).filter(
					({ text }) => text.length >= MIN_SCRUBBED_LENGTH,
				),
			);
		if (deadline.aborted) throw deadlineError(this.getNode(), timeout);
		throw networkError(this.getNode(), error);
	} finally {
		answered(turn);
	}
}

/**
 * The context to authenticate a request in: n8n's httpRequestWithAuthentication puts the
 * execution's cancel signal in place of a request's abortSignal where there is one, so that
 * signal ends at the deadline too.
 */
function withDeadline(context: RequestContext, deadline: AbortSignal): RequestContext {
	if (!('getExecutionCancelSignal' in context)) return context;
	const cancel = context.getExecutionCancelSignal();
	const signal = cancel ? AbortSignal.any([cancel, deadline]) : deadline;
	return Object.create(context, { getExecutionCancelSignal: { value: () => signal } });
}
