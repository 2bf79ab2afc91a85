export * from './types';
export * from './record';
export type { ReadContext } from './people';
export { DATE_MODES } from './dates';
export { isEmail, ValueError } from './values';
