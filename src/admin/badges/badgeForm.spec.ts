import { describe, expect, it } from 'vitest';
import { parseRequirement, requirementText, toBadgePayload, validateBadge } from './badgeForm';

const valid = {
  name: 'Century Club',
  description: '100 sales',
  icon: '💯',
  category: 'sales',
  type: 'seller',
  rarity: 'rare',
  pointsAwarded: 50,
  sortOrder: 3,
  isActive: true,
  requirement: '{"minSales": 100}',
};

describe('validateBadge', () => {
  it('accepts a complete badge', () => {
    expect(validateBadge(valid)).toEqual({});
  });

  it("gives the spec's message for each required field", () => {
    expect(validateBadge({ ...valid, name: ' ', description: '', icon: undefined, requirement: '' })).toEqual({
      name: 'Name is required',
      description: 'Description is required',
      icon: 'Icon is required',
      requirement: 'Requirements are required',
    });
  });

  it('refuses negative points and sort order', () => {
    expect(validateBadge({ ...valid, pointsAwarded: -1, sortOrder: '-2' })).toEqual({
      pointsAwarded: 'Points must be non-negative',
      sortOrder: 'Sort order must be non-negative',
    });
  });

  it('refuses requirements that are not a JSON object', () => {
    expect(validateBadge({ ...valid, requirement: '{minSales: 100' }).requirement).toBe('Requirements must be valid JSON');
    expect(validateBadge({ ...valid, requirement: '[1, 2]' }).requirement).toContain('JSON object');
  });

  it('refuses an empty requirement object and unknown requirement keys, as the server does', () => {
    expect(validateBadge({ ...valid, requirement: '{}' }).requirement).toBe('Requirements are required');
    expect(validateBadge({ ...valid, requirement: '{"minSale": 3}' }).requirement).toMatch(/^Requirement keys are minSales/);
  });

  it('refuses fractional points and sort order', () => {
    expect(validateBadge({ ...valid, pointsAwarded: 1.5, sortOrder: '2.5' })).toEqual({
      pointsAwarded: 'Points must be a whole number',
      sortOrder: 'Sort order must be a whole number',
    });
  });
});

describe('requirement text', () => {
  it('reads an object stored on the record as it is', () => {
    expect(parseRequirement({ minRating: 4.5 })).toEqual({ ok: true, value: { minRating: 4.5 } });
  });

  it('shows a stored object as indented JSON and keeps typed text', () => {
    expect(requirementText({ minSales: 10 })).toBe('{\n  "minSales": 10\n}');
    expect(requirementText('{"a"')).toBe('{"a"');
    expect(requirementText(null)).toBe('');
  });
});

describe('toBadgePayload', () => {
  it('sends trimmed texts, numbers and the parsed requirement', () => {
    expect(toBadgePayload({ ...valid, name: ' Century Club ', pointsAwarded: '50', sortOrder: '' })).toEqual({
      name: 'Century Club',
      description: '100 sales',
      icon: '💯',
      category: 'sales',
      type: 'seller',
      rarity: 'rare',
      pointsAwarded: 50,
      sortOrder: 0,
      isActive: true,
      requirement: { minSales: 100 },
    });
  });
});
