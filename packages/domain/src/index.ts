export * from './constants.ts';
export * from './errors.ts';
export * from './handover.ts';
export * from './internal-link.ts';
export * from './locale.ts';
export * from './menu.ts';
export * from './money.ts';
