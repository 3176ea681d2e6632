/** The vocabulary of the catalog's demo parts: models per make, and per category title templates and prices. */

/** [model, first year, last year, engine] */
type Model = [string, number, number, string | null];

export const DEMO_MODELS: Record<string, Model[]> = {
  ford: [['Mustang', 1965, 1970, '289 V8'], ['Bronco', 1966, 1977, '302 V8'], ['Falcon', 1963, 1969, '200 I6'], ['F-100', 1967, 1972, '360 V8'], ['Escort RS2000', 1975, 1980, '2.0 Pinto']],
  chevrolet: [['Camaro', 1967, 1969, '350 V8'], ['Chevelle', 1968, 1972, '396 V8'], ['Corvette C2', 1963, 1967, '327 V8'], ['Nova', 1968, 1974, '350 V8'], ['C10', 1973, 1987, '350 V8']],
  pontiac: [['GTO', 1964, 1972, '400 V8'], ['Firebird', 1967, 1969, '400 V8'], ['Trans Am', 1977, 1981, '6.6 V8']],
  oldsmobile: [['442', 1968, 1972, '455 V8'], ['Cutlass', 1970, 1972, '350 V8']],
  buick: [['Skylark', 1968, 1972, '350 V8'], ['Grand National', 1984, 1987, '3.8 Turbo V6']],
  porsche: [['911', 1965, 1989, '3.2 flat-six'], ['912', 1965, 1969, '1.6 flat-four'], ['914', 1970, 1976, '2.0 flat-four'], ['944', 1982, 1991, '2.5 I4'], ['356', 1955, 1965, '1.6 flat-four']],
  'mercedes-benz': [['280SL', 1968, 1971, 'M130 I6'], ['190E 2.3-16', 1984, 1988, 'M102 I4'], ['300SD', 1978, 1985, 'OM617 diesel']],
  volkswagen: [['Beetle', 1958, 1979, '1600 flat-four'], ['Golf GTI Mk1', 1976, 1984, '1.8 I4'], ['Type 2 Bus', 1968, 1979, '1600 flat-four']],
  triumph: [['TR6', 1969, 1976, '2.5 I6'], ['Spitfire', 1962, 1980, '1500 I4'], ['TR4', 1961, 1967, '2.2 I4']],
  mg: [['MGB', 1962, 1980, '1.8 B-series'], ['Midget', 1961, 1979, '1275 A-series']],
  'austin-healey': [['3000', 1959, 1967, '2.9 C-series I6'], ['Sprite', 1958, 1971, '948 A-series']],
  jaguar: [['E-Type', 1961, 1974, '4.2 XK I6'], ['XJ6', 1968, 1987, '4.2 XK I6']],
  lotus: [['Elan', 1962, 1973, '1.6 Twin Cam'], ['Seven', 1957, 1973, '1.6 Kent']],
  datsun: [['240Z', 1970, 1973, 'L24 I6'], ['510', 1968, 1973, 'L16 I4'], ['280ZX', 1979, 1983, 'L28 I6']],
  nissan: [['Skyline GT-R R32', 1989, 1994, 'RB26DETT'], ['300ZX', 1990, 1996, 'VG30DETT']],
  toyota: [['Land Cruiser FJ40', 1960, 1984, '2F I6'], ['AE86 Corolla', 1983, 1987, '4A-GE'], ['Supra MkIV', 1993, 1998, '2JZ-GTE']],
  mazda: [['RX-7 FC', 1986, 1992, '13B rotary'], ['MX-5 Miata NA', 1989, 1997, '1.6 B6'], ['RX-7 FD', 1992, 2002, '13B-REW rotary']],
  honda: [['Civic EG', 1992, 1995, 'B16A'], ['Integra Type R', 1997, 2001, 'B18C5'], ['S2000', 2000, 2009, 'F20C']],
  dodge: [['Charger', 1968, 1970, '440 V8'], ['Challenger', 1970, 1974, '383 V8'], ['Dart', 1967, 1976, '340 V8']],
  plymouth: [['Road Runner', 1968, 1970, '383 V8'], ['Barracuda', 1967, 1974, '340 V8'], ['Duster', 1970, 1976, '340 V8']],
  mercury: [['Cougar', 1967, 1970, '302 V8'], ['Cyclone', 1968, 1971, '428 V8']],
  lincoln: [['Continental', 1961, 1969, '430 V8']],
  amc: [['Javelin', 1968, 1974, '390 V8'], ['AMX', 1968, 1970, '390 V8']],
  shelby: [['GT350', 1965, 1970, '289 Hi-Po V8'], ['GT500', 1967, 1970, '428 V8']],
  'alfa-romeo': [['Spider Duetto', 1966, 1969, '1.6 twin-cam'], ['GTV 2000', 1971, 1977, '2.0 twin-cam'], ['GTV6', 1981, 1986, '2.5 V6']],
  fiat: [['124 Spider', 1966, 1985, '2.0 twin-cam'], ['500', 1957, 1975, '499cc twin'], ['X1/9', 1972, 1989, '1.5 I4']],
  ferrari: [['308 GTB', 1975, 1985, '3.0 V8'], ['328 GTS', 1985, 1989, '3.2 V8']],
  lancia: [['Fulvia', 1963, 1976, '1.3 V4'], ['Delta Integrale', 1987, 1994, '2.0 Turbo']],
  maserati: [['Ghibli', 1967, 1973, '4.7 V8'], ['Biturbo', 1981, 1994, '2.0 V6 twin-turbo']],
  bmw: [['2002', 1968, 1976, 'M10 I4'], ['E30 M3', 1986, 1991, 'S14 I4'], ['E36 M3', 1995, 1999, 'S52 I6'], ['E9 3.0 CS', 1968, 1975, 'M30 I6']],
  audi: [['Quattro', 1980, 1991, '2.1 I5 Turbo'], ['S4 B5', 1997, 2002, '2.7 V6 biturbo']],
  jeep: [['CJ-5', 1955, 1983, '258 I6'], ['CJ-7', 1976, 1986, '304 V8'], ['Wagoneer', 1963, 1991, '360 V8']],
  'land-rover': [['Series IIA', 1961, 1971, '2.25 petrol'], ['Defender 90', 1990, 1997, '3.9 V8']],
  gmc: [['Jimmy', 1970, 1991, '350 V8'], ['Sierra', 1973, 1987, '350 V8']],
  volvo: [['P1800', 1961, 1973, 'B18 I4'], ['Amazon', 1956, 1970, 'B18 I4'], ['240', 1975, 1993, 'B230 I4']],
  saab: [['900 Turbo', 1979, 1993, 'B202 Turbo'], ['96', 1960, 1980, '1.5 V4']],
};

/** What a category's parts are called, how they are numbered, and what they cost (dollars). */
export interface CategoryVocabulary {
  titles: string[];
  minPrice: number;
  maxPrice: number;
  /** Fits particular cars (else a universal part, make "other"). */
  fitted: boolean;
  note: string;
}

export const DEMO_VOCABULARY: Record<string, CategoryVocabulary> = {
  engine: { titles: ['{model} Cylinder Head', 'Rebuilt {model} Long Block', '{engine} Intake Camshaft', '{model} Oil Pump', '{engine} Forged Piston Set', '{model} Timing Chain Kit', '{model} Water Pump'], minPrice: 60, maxPrice: 4800, fitted: true, note: 'Measured and cleaned; no cracks found on inspection.' },
  drivetrain: { titles: ['{model} 4-Speed Gearbox', '{model} Limited-Slip Differential', '{model} Clutch Kit', '{model} Driveshaft', '{model} Rear Axle Assembly', '{model} Short Shifter'], minPrice: 90, maxPrice: 3600, fitted: true, note: 'Shifts cleanly through every gear; no whine at speed.' },
  suspension: { titles: ['{model} Coilover Kit', '{model} Front Sway Bar', '{model} Control Arm Pair', '{model} Steering Rack', '{model} Polyurethane Bushing Set', '{model} Leaf Spring Pair'], minPrice: 40, maxPrice: 1900, fitted: true, note: 'All joints tight; bushings show no cracking.' },
  intake: { titles: ['Weber 40 DCOE Carburetor Pair for {model}', '{engine} Intake Manifold', '{model} Fuel Pump', 'Holley 750 Double Pumper for {model}', '{model} Fuel Tank', '{model} Air Cleaner Assembly'], minPrice: 45, maxPrice: 1600, fitted: true, note: 'Bench-flowed and rebuilt with fresh gaskets.' },
  exhaust: { titles: ['{model} Stainless Header', '{model} Cat-Back Exhaust', '{model} Exhaust Manifold', '{model} Glasspack Muffler Pair', '{model} Sport Muffler'], minPrice: 80, maxPrice: 1800, fitted: true, note: 'No cracks or blown gaskets; flanges straight.' },
  brakes: { titles: ['{model} Front Brake Caliper Pair', '{model} Big Brake Kit', '{model} Master Cylinder', '{model} Brake Booster', '{model} Vented Rotor Pair', '{model} Braided Brake Line Set'], minPrice: 35, maxPrice: 2400, fitted: true, note: 'Pistons move freely; seals replaced.' },
  body: { titles: ['{model} Front Fender', '{model} Hood', '{model} Rear Quarter Panel', '{model} Door Shell', '{model} Trunk Lid', '{model} Front Bumper'], minPrice: 75, maxPrice: 2800, fitted: true, note: 'Rust-free Southern panel; minor surface marks only.' },
  interior: { titles: ['{model} Bucket Seat Pair', '{model} Dashboard Pad', '{model} Wood Steering Wheel', '{model} Door Card Set', '{model} Gauge Cluster', '{model} Carpet Kit'], minPrice: 40, maxPrice: 2200, fitted: true, note: 'No tears; original stitching intact.' },
  electrical: { titles: ['{model} Wiring Harness', '{model} Alternator', '{model} Starter Motor', '{model} Distributor', '{model} Ignition Coil', '{model} Fuse Box'], minPrice: 30, maxPrice: 900, fitted: true, note: 'Bench-tested; output within specification.' },
  wheels: { titles: ['Set of Four 15" Alloy Wheels for {model}', '{model} Steel Wheel Set', 'Minilite-Style Wheels for {model}', '{model} Knock-Off Wire Wheels', '{model} Center Cap Set'], minPrice: 60, maxPrice: 3200, fitted: true, note: 'Straight, no curb rash; balanced on a road-force machine.' },
  lighting: { titles: ['{model} Headlight Bucket Pair', '{model} Tail Light Assembly', '{model} Fog Light Kit', '{model} Turn Signal Lens Set', '{model} Dome Light'], minPrice: 20, maxPrice: 650, fitted: true, note: 'Lenses clear, no fogging or cracks.' },
  trim: { titles: ['{model} Chrome Bumper Trim', '{model} Grille Emblem', '{model} Rocker Moulding Set', '{model} Fender Script Badge', '{model} Window Trim Kit'], minPrice: 15, maxPrice: 800, fitted: true, note: 'Chrome bright with light pitting at the edges.' },
  tools: { titles: ['Snap-on 3/8" Drive Socket Set', 'Engine Hoist, 2-Ton', 'Digital Torque Wrench', 'Valve Spring Compressor', 'Compression Tester Kit', 'Sheet Metal Bead Roller', 'Bearing Puller Set'], minPrice: 25, maxPrice: 1400, fitted: false, note: 'Garage-kept and complete with its case.' },
  hardware: { titles: ['Stainless Body Bolt Kit', 'ARP Head Stud Kit', 'AN Fitting Assortment', 'Cadmium Fastener Restoration Kit', 'Hose Clamp Assortment', 'Dzus Fastener Set'], minPrice: 10, maxPrice: 350, fitted: false, note: 'Counted and bagged by size.' },
  accessories: { titles: ['Period Roof Rack', 'Vintage Tow Hook', 'Classic Car Cover', 'Rally Clock and Stopwatch Pair', 'Wood Shift Knob', 'Luggage Rack'], minPrice: 20, maxPrice: 700, fitted: false, note: 'Good used condition; ready to fit.' },
  projects: { titles: ['{model} Roller Shell', '{model} Project Car, Non-Running', '{model} Rolling Chassis', '{model} Body Shell on Dolly'], minPrice: 1500, maxPrice: 28000, fitted: true, note: 'Clean title; stored indoors for the last ten years.' },
  fire: { titles: ['Lifeline Zero 360 Fire System', 'SPA Handheld Extinguisher 2.25 lb', 'Plumbed-In Fire Suppression Kit', 'Fire Bottle Mount', 'Safecraft Electric Fire System'], minPrice: 40, maxPrice: 1600, fitted: false, note: 'Within certification date; refilled and tagged.' },
  safety: { titles: ['Bell HP7 Helmet, Size L', 'HANS Device Sport III', 'Sparco 6-Point Harness', 'OMP Racing Suit, Size 54', 'Alpinestars Race Gloves', 'Bolt-In Roll Bar'], minPrice: 50, maxPrice: 2200, fitted: false, note: 'SFI/FIA label current; never crashed.' },
  pit: { titles: ['Aluminium Floor Jack, 3-Ton', 'Pit Board and Number Set', 'Tire Pressure Gauge with Bleeder', 'Quick-Fill Fuel Jug Pair', 'Pit Cart with Drawers', 'Timing Transponder'], minPrice: 25, maxPrice: 1800, fitted: false, note: 'Works as it should; from a retired race team.' },
  misc: { titles: ['{model} Workshop Manual', '{model} Original Owner Handbook', '{model} Dealer Sales Brochure', '{model} Factory Tool Roll', '{model} Jack and Handle'], minPrice: 10, maxPrice: 400, fitted: true, note: 'Complete, with normal signs of age.' },
};

/** How the conditions read in a description. */
export const CONDITION_PHRASES: Record<string, string> = {
  'new-in-box': 'New old stock, still in its original box.',
  'new-out-of-box': 'New, never fitted; the box is gone.',
  'used-excellent': 'Used, in excellent condition.',
  'used-good': 'Used, in good honest condition with normal wear.',
  'used-poor': 'Used and tired: a core or a restoration candidate.',
  rebuilt: 'Professionally rebuilt, with receipts.',
  'for-parts': 'Sold for parts or repair, as found.',
};

/** Conditions, the common ones more often; and how each scales the price. */
export const DEMO_CONDITIONS: Array<[string, number, number]> = [
  ['used-good', 30, 0.6],
  ['used-excellent', 22, 0.8],
  ['rebuilt', 14, 0.95],
  ['new-out-of-box', 10, 1],
  ['new-in-box', 10, 1.1],
  ['used-poor', 8, 0.35],
  ['for-parts', 6, 0.25],
];
