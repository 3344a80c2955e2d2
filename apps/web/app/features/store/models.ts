import { BIKE_MODELS, type BikeModel } from '@varg/contracts';

export { BIKE_MODELS };

export function isBikeModel(value: string | undefined): value is BikeModel {
  return !!value && (BIKE_MODELS as readonly string[]).includes(value);
}

/** The catalog key of a model's name: `varg-ex` → `model_varg_ex_name`. */
export function modelNameKey(model: BikeModel): string {
  return `model_${model.replace(/-/g, '_')}_name`;
}
