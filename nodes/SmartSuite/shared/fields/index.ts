export * from './types';
export * from './record';
export { DATE_MODES } from './dates';
export { isEmail, ValueError } from './values';
