export * from './types';
export * from './record';
export type { NamedMember, ReadContext } from './people';
export { membersByName } from './people';
export { DATE_MODES } from './dates';
export { isEmail, ValueError } from './values';
export type { RichTextForm, RichTextInput } from './values';
