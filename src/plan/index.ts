export * from './model.ts';
export { buildPlan, type PlanOptions } from './plan.ts';
