export * from './constants.ts';
export * from './locale.ts';
export * from './internal-link.ts';
export * from './money.ts';
export * from './handover.ts';
export * from './menu.ts';
export * from './errors.ts';
