import type { PartDto } from '../../../modules/catalog/part.dto';

type HintPart = Pick<PartDto, 'make' | 'makeName' | 'model' | 'category' | 'categoryName'>;

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

const isMake = (part: HintPart, make: string) => norm(part.make) === make || norm(part.makeName) === make;
const isModel = (part: HintPart, model: string) => norm(part.model).split(/\s+/).includes(model);
const inCategory = (part: HintPart, word: string) =>
  norm(part.category) === word || norm(part.categoryName).split(/[^a-z]+/).includes(word);

/**
 * The fixed cross-compatibility hints of the part page (spec 000 §2 "Part detail"):
 * Chevrolet Camaro body parts, Ford Mustang engine parts and anything in Wheels.
 */
export function crossCompatibilityHints(part: HintPart): string[] {
  const hints: string[] = [];
  if (isMake(part, 'chevrolet') && isModel(part, 'camaro') && inCategory(part, 'body')) {
    hints.push('Also fits the Pontiac Firebird of the same years (shared F-body platform).');
  }
  if (isMake(part, 'ford') && isModel(part, 'mustang') && inCategory(part, 'engine')) {
    hints.push('Also fits the Mercury Cougar and Ford Falcon with the same engine family.');
  }
  if (inCategory(part, 'wheels')) {
    hints.push('Check the bolt pattern, offset and centre bore against your vehicle before buying.');
  }
  return hints;
}
