import { describe, expect, it } from 'vitest';
import {
  alertFormForVehicle,
  alertFromSearch,
  alertPayload,
  alertSummary,
  canSaveSearch,
  changePercentText,
  EMPTY_ALERT_FORM,
  EMPTY_VEHICLE_FORM,
  enginesText,
  fitmentBadge,
  garageStats,
  hourLabel,
  mismatchText,
  parseKeywords,
  parseThreshold,
  thresholdInput,
  thresholdText,
  savedSearchName,
  vehiclePayload,
  yearsText,
} from './garage';
import type { GarageVehicleDto, MarketWatchItemDto, PartAlertDto } from './garage.types';

const makes = [{ slug: 'ford', name: 'Ford' }];
const categories = [{ slug: 'engine', name: 'Engine' }];

const vehicle: GarageVehicleDto = {
  id: 'v1',
  userId: 'u1',
  vehicleName: '1967 Ford Mustang',
  make: 'ford',
  makeName: 'Ford',
  model: 'Mustang',
  yearStart: 1965,
  yearEnd: 1968,
  engineType: null,
  engineCode: null,
  chassisNumber: null,
  modifications: null,
  transmission: null,
  projectType: 'restoration',
  priority: 1,
  notes: null,
  isActive: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const alert = (over: Partial<PartAlertDto> = {}): PartAlertDto => ({
  id: 'a1',
  userId: 'u1',
  garageVehicleId: null,
  vehicleId: null,
  wantedRequestId: null,
  alertName: 'Carbs',
  make: null,
  makeName: null,
  model: null,
  yearStart: null,
  yearEnd: null,
  category: null,
  condition: [],
  maxPrice: null,
  keywords: [],
  frequency: 'instant',
  isActive: true,
  lastTriggered: null,
  matchCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

describe('the vehicle form', () => {
  it('sends numbers for years and priority and null for blank optional fields', () => {
    const body = vehiclePayload({ ...EMPTY_VEHICLE_FORM, vehicleName: 'Project car', make: 'ford', model: ' Mustang ', yearStart: '1967', yearEnd: '' });
    expect(body).toMatchObject({ vehicleName: 'Project car', make: 'ford', model: 'Mustang', yearStart: 1967, yearEnd: null, priority: 1, notes: null, projectType: 'restoration' });
  });

  it('leaves a blank name to the server, which names the vehicle from its years, make and model', () => {
    expect(vehiclePayload({ ...EMPTY_VEHICLE_FORM, make: 'ford', model: 'Mustang', vehicleName: '  ' }).vehicleName).toBeNull();
  });

  it('passes text that is no number on so the server names the field', () => {
    expect(vehiclePayload({ ...EMPTY_VEHICLE_FORM, yearStart: '19x7' }).yearStart).toBe('19x7');
  });

  it('sends the engine code, chassis number and modifications, null when blank', () => {
    const body = vehiclePayload({ ...EMPTY_VEHICLE_FORM, make: 'chevrolet', model: 'Camaro', engineCode: ' LS3 ', chassisNumber: '124379N600001', modifications: 'LS3 swap, T56 gearbox' });
    expect(body).toMatchObject({ engineCode: 'LS3', chassisNumber: '124379N600001', modifications: 'LS3 swap, T56 gearbox' });
    expect(vehiclePayload(EMPTY_VEHICLE_FORM)).toMatchObject({ engineCode: null, chassisNumber: null, modifications: null });
  });
});

describe('alerts', () => {
  it('maps the search filters and text to an alert: keywords from the words, years from the range, vehicle from the picker', () => {
    const body = alertFromSearch(
      { q: 'Holley  carburetor', make: 'ford', category: 'engine', yearFrom: '1960', yearTo: '1970', fitsVehicle: 'v1' },
      'daily',
      { makes, categories },
    );
    expect(body).toEqual({
      alertName: '"Holley  carburetor" in Ford Engine parts, 1960-1970',
      make: 'ford',
      model: null,
      yearStart: 1960,
      yearEnd: 1970,
      category: 'engine',
      condition: [],
      maxPrice: null,
      keywords: ['holley', 'carburetor'],
      garageVehicleId: 'v1',
      frequency: 'daily',
    });
  });

  it('names a search without text by its make and category, or "All parts"', () => {
    expect(savedSearchName({ make: 'ford' }, makes)).toBe('Ford parts');
    expect(savedSearchName({ yearFrom: '1960' })).toBe('All parts, 1960+');
  });

  it('saves only a search with text or a filter', () => {
    expect(canSaveSearch({})).toBe(false);
    expect(canSaveSearch({ sellerId: 's' })).toBe(false);
    expect(canSaveSearch({ q: 'cam' })).toBe(true);
  });

  it('splits keywords on spaces and commas, lower-case, without repeats', () => {
    expect(parseKeywords(' Holley 4bbl, carb ,, holley 4BBL ')).toEqual(['holley', '4bbl', 'carb']);
  });

  it('takes a threshold between 0.1 and 100 percent', () => {
    expect(parseThreshold('5')).toBe(5);
    expect(parseThreshold('0.1')).toBe(0.1);
    expect(parseThreshold('0')).toBeNull();
    expect(parseThreshold('101')).toBeNull();
    expect(parseThreshold(' ')).toBeNull();
  });

  it('writes a watch threshold in words and as the starting text of its edit form', () => {
    expect(thresholdText(null)).toBe('No price alerts');
    expect(thresholdText(7.5)).toBe('Alert at a 7.5% move');
    expect(thresholdInput(7.5, 5)).toBe('7.5');
    expect(thresholdInput(null, 5)).toBe('5');
  });

  it('sends the alert form with nulls for blanks and the chosen frequency', () => {
    const body = alertPayload({ ...EMPTY_ALERT_FORM, alertName: ' Carbs ', maxPrice: '500', condition: ['used-good'], frequency: 'daily' });
    expect(body).toEqual({
      alertName: 'Carbs',
      make: null,
      model: null,
      yearStart: null,
      yearEnd: null,
      category: null,
      condition: ['used-good'],
      maxPrice: '500',
      keywords: [],
      garageVehicleId: null,
      vehicleId: null,
      frequency: 'daily',
    });
  });

  it('keys the alert to the chosen vehicle when asked, sending no make, model or years', () => {
    const form = { ...alertFormForVehicle({ ...EMPTY_ALERT_FORM, alertName: 'Mustang parts' }, vehicle), fitsVehicle: true };
    expect(alertPayload(form)).toMatchObject({ garageVehicleId: 'v1', vehicleId: 'v1', make: null, model: null, yearStart: null, yearEnd: null });
    expect(alertPayload({ ...form, fitsVehicle: false })).toMatchObject({ vehicleId: null, make: 'ford', model: 'Mustang', yearStart: 1965 });
    expect(alertFormForVehicle(form, undefined).fitsVehicle).toBe(false);
  });

  it('fills make, model and years from a chosen garage vehicle', () => {
    expect(alertFormForVehicle(EMPTY_ALERT_FORM, vehicle)).toMatchObject({ garageVehicleId: 'v1', make: 'ford', model: 'Mustang', yearStart: '1965', yearEnd: '1968' });
    expect(alertFormForVehicle({ ...EMPTY_ALERT_FORM, garageVehicleId: 'v1' }, undefined).garageVehicleId).toBe('');
  });

  it('summarises what an alert looks for', () => {
    expect(alertSummary(alert({ make: 'ford', makeName: 'Ford', model: 'Mustang', yearStart: 1965, yearEnd: 1968, maxPrice: '1500.00', keywords: ['carb'] }))).toBe(
      'Ford Mustang · 1965-1968 · up to $1,500 · "carb"',
    );
    expect(alertSummary(alert({ condition: ['used-good', 'rebuilt'] }))).toBe('Used - Good, Rebuilt');
    expect(alertSummary(alert())).toBe('Every new part');
  });
});

describe('fitment badges', () => {
  const fits = { vehicleId: 'v1', vehicleName: '1967 Mustang', fits: true, status: 'fits' as const, reason: null };
  const noFit = { vehicleId: 'v2', vehicleName: '1970 Camaro', fits: false, status: 'no_fit' as const, reason: 'years' as const };
  const check = { vehicleId: 'v3', vehicleName: '1969 Camaro', fits: false, status: 'check' as const, reason: 'engine_unknown' as const };
  const answer = { partId: 'p', fitsVehicleName: null, checkVehicleName: null, engines: [] };

  it('says "Fits your {vehicleName}" for the vehicle it fits', () => {
    expect(fitmentBadge({ ...answer, status: 'fits', fitsVehicleName: '1967 Mustang', vehicles: [fits, noFit] })).toEqual({
      kind: 'fits',
      text: 'Fits your 1967 Mustang',
    });
  });

  it('says "Check fitment" when the part lists no vehicles, and nothing when it fits none', () => {
    expect(fitmentBadge({ ...answer, status: 'no_entries', vehicles: [] })?.text).toBe('Check fitment');
    expect(fitmentBadge({ ...answer, status: 'no_fit', vehicles: [noFit] })).toBeNull();
    expect(fitmentBadge(undefined)).toBeNull();
  });

  it('says "Check the engine of your {vehicleName}" when the part is for an engine the vehicle does not name', () => {
    expect(fitmentBadge({ ...answer, status: 'check', checkVehicleName: '1969 Camaro', engines: ['L78'], vehicles: [noFit, check] })).toEqual({
      kind: 'check',
      text: 'Check the engine of your 1969 Camaro',
    });
  });

  it('explains a mismatch in words', () => {
    expect(mismatchText('years')).toBe('years do not overlap');
    expect(mismatchText('model')).toBe('different model');
    expect(mismatchText('engine')).toBe('different engine');
    expect(mismatchText('engine_unknown')).toBe('add its engine code to check');
    expect(enginesText(['LS3'])).toBe('For the LS3 engine');
    expect(enginesText(['L78', 'L89', 'L72'])).toBe('For the L78, L89 or L72 engine');
    expect(enginesText([])).toBe('');
  });
});

describe('market watch and stats', () => {
  it('writes the change with its sign, one decimal at most', () => {
    expect(changePercentText(12.345)).toBe('+12.3%');
    expect(changePercentText(-3)).toBe('-3%');
    expect(changePercentText(0.01)).toBe('0%');
  });

  it('counts vehicles, active alerts, active watch items and unread notifications', () => {
    const watch = { isActive: true } as MarketWatchItemDto;
    expect(garageStats([vehicle], [alert(), alert({ isActive: false })], [watch, { ...watch, isActive: false }], 3)).toEqual({
      vehicles: 1,
      activeAlerts: 1,
      watchItems: 1,
      unread: 3,
    });
  });

  it('writes year ranges', () => {
    expect(yearsText(1965, 1968)).toBe('1965-1968');
    expect(yearsText(1967, 1967)).toBe('1967');
    expect(yearsText(null, 1970)).toBe('up to 1970');
    expect(yearsText(null, null)).toBe('');
  });

  it('writes digest hours on a 12-hour clock', () => {
    expect(hourLabel(0)).toBe('12:00 AM');
    expect(hourLabel(7)).toBe('7:00 AM');
    expect(hourLabel(12)).toBe('12:00 PM');
    expect(hourLabel(23)).toBe('11:00 PM');
  });
});
