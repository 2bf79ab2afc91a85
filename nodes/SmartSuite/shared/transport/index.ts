/**
 * The transport: every request of the package, its answer and what a user reads when it fails.
 * One module a job (see each file's header); this file is the API the rest of the package imports.
 */
export type { ApiResponse } from './answer';
export { MAX_ANSWER_BYTES, received } from './answer';
export type { RequestAddress, RequestContext, SmartSuiteCredentials } from './credentials';
export {
	CREDENTIAL_NAME,
	USER_INFO_DESCRIPTION,
	USER_INFO_MESSAGE,
	credentialsOf,
	hasUserInfo,
	recordsAddress,
	userInfoError,
	withoutTrailingSlash,
} from './credentials';
export type { RequestSubject } from './failures';
export { describeFailure, isBadRoute, isWrongAddress, parseResponse } from './failures';
export { heldSecrets, holdSecret, logOf } from './heldSecrets';
export { isJsonObject, readJson } from './json';
export { networkCodeOf, networkReason } from './networkFailures';
export { MAX_QUOTE_LENGTH, answerWords, quote, serverMessage, wordsOf } from './quotes';
export { MIN_RETRY_WAIT_MS, rateLimitWaitMs, retryAfterSeconds } from './rateLimit';
export type { Secret } from './redaction';
export { redacted, scrubbed, secretsOf } from './redaction';
export { REQUEST_DEFAULTS, REQUEST_LIMITS, sendRequest } from './send';
