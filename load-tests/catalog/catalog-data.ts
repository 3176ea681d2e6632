// Vocabulary of the load-test catalog: real makes and models, part names per category, brands, part-number
// shapes and places. Category and make slugs are the seeded ones (src/modules/catalog/catalog.seed-data.ts).

/** A make's slug (as seeded), with models and the years they were built. */
export interface MakeModels {
  make: string;
  models: Array<{ name: string; from: number; to: number }>;
}

export const MAKES: MakeModels[] = [
  { make: 'porsche', models: [{ name: '911', from: 1965, to: 1998 }, { name: '912', from: 1965, to: 1969 }, { name: '914', from: 1970, to: 1976 }, { name: '944', from: 1982, to: 1991 }, { name: '928', from: 1978, to: 1995 }, { name: '356', from: 1950, to: 1965 }] },
  { make: 'chevrolet', models: [{ name: 'Camaro', from: 1967, to: 2002 }, { name: 'Corvette', from: 1953, to: 2004 }, { name: 'Chevelle', from: 1964, to: 1977 }, { name: 'Nova', from: 1962, to: 1979 }, { name: 'Bel Air', from: 1950, to: 1975 }, { name: 'C10', from: 1960, to: 1987 }] },
  { make: 'ford', models: [{ name: 'Mustang', from: 1964, to: 2004 }, { name: 'Bronco', from: 1966, to: 1996 }, { name: 'F-100', from: 1953, to: 1983 }, { name: 'Escort RS', from: 1970, to: 1996 }, { name: 'Sierra Cosworth', from: 1986, to: 1992 }, { name: 'GT40', from: 1964, to: 1969 }, { name: 'Falcon', from: 1960, to: 1970 }] },
  { make: 'bmw', models: [{ name: '2002', from: 1968, to: 1976 }, { name: 'E30 M3', from: 1986, to: 1991 }, { name: 'E36 M3', from: 1992, to: 1999 }, { name: 'E9 CS', from: 1968, to: 1975 }, { name: 'E28 M5', from: 1985, to: 1988 }, { name: 'Z3', from: 1995, to: 2002 }] },
  { make: 'mercedes-benz', models: [{ name: '300SL', from: 1954, to: 1963 }, { name: '190E 2.3-16', from: 1983, to: 1993 }, { name: 'W113 Pagoda', from: 1963, to: 1971 }, { name: 'R107 SL', from: 1971, to: 1989 }, { name: 'W123', from: 1976, to: 1986 }] },
  { make: 'datsun', models: [{ name: '240Z', from: 1969, to: 1973 }, { name: '280Z', from: 1975, to: 1978 }, { name: '510', from: 1968, to: 1973 }, { name: '1600 Roadster', from: 1965, to: 1970 }] },
  { make: 'nissan', models: [{ name: 'Skyline GT-R R32', from: 1989, to: 1994 }, { name: '300ZX', from: 1984, to: 2000 }, { name: 'Silvia S13', from: 1988, to: 1994 }] },
  { make: 'toyota', models: [{ name: 'Supra', from: 1978, to: 2002 }, { name: 'AE86 Corolla', from: 1983, to: 1987 }, { name: 'Land Cruiser FJ40', from: 1960, to: 1984 }, { name: 'Celica', from: 1970, to: 1999 }, { name: 'MR2', from: 1984, to: 1999 }] },
  { make: 'honda', models: [{ name: 'NSX', from: 1990, to: 2005 }, { name: 'Civic Type R', from: 1997, to: 2005 }, { name: 'S2000', from: 1999, to: 2009 }, { name: 'Integra', from: 1986, to: 2001 }] },
  { make: 'mazda', models: [{ name: 'RX-7', from: 1978, to: 2002 }, { name: 'MX-5 Miata', from: 1989, to: 2005 }, { name: 'Cosmo', from: 1967, to: 1972 }] },
  { make: 'ferrari', models: [{ name: '308 GTB', from: 1975, to: 1985 }, { name: 'Testarossa', from: 1984, to: 1996 }, { name: '246 Dino', from: 1969, to: 1974 }, { name: '328', from: 1985, to: 1989 }] },
  { make: 'alfa-romeo', models: [{ name: 'Giulia Sprint GT', from: 1963, to: 1977 }, { name: 'Spider', from: 1966, to: 1993 }, { name: 'GTV6', from: 1980, to: 1987 }] },
  { make: 'jaguar', models: [{ name: 'E-Type', from: 1961, to: 1975 }, { name: 'XK120', from: 1948, to: 1954 }, { name: 'XJS', from: 1975, to: 1996 }, { name: 'Mk2', from: 1959, to: 1967 }] },
  { make: 'triumph', models: [{ name: 'TR6', from: 1968, to: 1976 }, { name: 'Spitfire', from: 1962, to: 1980 }, { name: 'GT6', from: 1966, to: 1973 }, { name: 'TR4', from: 1961, to: 1965 }] },
  { make: 'mg', models: [{ name: 'MGB', from: 1962, to: 1980 }, { name: 'Midget', from: 1961, to: 1979 }, { name: 'MGA', from: 1955, to: 1962 }] },
  { make: 'austin-healey', models: [{ name: '3000', from: 1959, to: 1967 }, { name: 'Sprite', from: 1958, to: 1971 }] },
  { make: 'volkswagen', models: [{ name: 'Beetle', from: 1950, to: 1979 }, { name: 'Golf GTI Mk1', from: 1976, to: 1983 }, { name: 'Type 2 Bus', from: 1950, to: 1979 }, { name: 'Karmann Ghia', from: 1955, to: 1974 }] },
  { make: 'dodge', models: [{ name: 'Charger', from: 1966, to: 1978 }, { name: 'Challenger', from: 1970, to: 1974 }, { name: 'Dart', from: 1960, to: 1976 }, { name: 'Viper', from: 1992, to: 2002 }] },
  { make: 'plymouth', models: [{ name: 'Barracuda', from: 1964, to: 1974 }, { name: 'Road Runner', from: 1968, to: 1975 }, { name: 'GTX', from: 1967, to: 1971 }] },
  { make: 'pontiac', models: [{ name: 'GTO', from: 1964, to: 1974 }, { name: 'Firebird', from: 1967, to: 2002 }, { name: 'Trans Am', from: 1969, to: 2002 }] },
  { make: 'shelby', models: [{ name: 'Cobra', from: 1962, to: 1967 }, { name: 'GT350', from: 1965, to: 1970 }, { name: 'GT500', from: 1967, to: 1970 }] },
  { make: 'lotus', models: [{ name: 'Elan', from: 1962, to: 1975 }, { name: 'Esprit', from: 1976, to: 2004 }, { name: 'Seven', from: 1957, to: 1973 }] },
  { make: 'subaru', models: [{ name: 'Impreza WRX STI', from: 1994, to: 2007 }, { name: 'Legacy RS', from: 1989, to: 1998 }] },
  { make: 'mitsubishi', models: [{ name: 'Lancer Evolution', from: 1992, to: 2007 }, { name: '3000GT', from: 1990, to: 2000 }] },
  { make: 'lancia', models: [{ name: 'Delta Integrale', from: 1987, to: 1994 }, { name: 'Fulvia', from: 1963, to: 1976 }, { name: 'Stratos', from: 1973, to: 1978 }] },
  { make: 'audi', models: [{ name: 'Quattro', from: 1980, to: 1991 }, { name: 'S2', from: 1990, to: 1995 }] },
  { make: 'volvo', models: [{ name: 'P1800', from: 1961, to: 1973 }, { name: '240', from: 1974, to: 1993 }, { name: 'Amazon', from: 1956, to: 1970 }] },
  { make: 'mini', models: [{ name: 'Cooper S', from: 1963, to: 2000 }] },
  { make: 'land-rover', models: [{ name: 'Defender', from: 1983, to: 2016 }, { name: 'Series IIA', from: 1961, to: 1971 }] },
  { make: 'buick', models: [{ name: 'Grand National', from: 1982, to: 1987 }, { name: 'Skylark', from: 1961, to: 1972 }] },
  { make: 'oldsmobile', models: [{ name: '442', from: 1964, to: 1980 }, { name: 'Cutlass', from: 1961, to: 1980 }] },
  { make: 'aston-martin', models: [{ name: 'DB5', from: 1963, to: 1965 }, { name: 'V8 Vantage', from: 1977, to: 1989 }] },
  { make: 'jeep', models: [{ name: 'CJ-5', from: 1955, to: 1983 }, { name: 'Wagoneer', from: 1963, to: 1991 }] },
  { make: 'other', models: [{ name: 'Universal', from: 1950, to: 2010 }] },
];

/** Part names per seeded category slug. Misspellable words on purpose: carburetor, differential, manifold... */
export const PARTS_BY_CATEGORY: Record<string, string[]> = {
  engine: ['Cylinder Head', 'Camshaft', 'Crankshaft', 'Connecting Rod Set', 'Piston Kit', 'Oil Pump', 'Water Pump', 'Timing Chain Kit', 'Head Gasket Set', 'Valve Cover', 'Oil Cooler', 'Engine Mount', 'Rocker Arm Set', 'Flywheel', 'Short Block'],
  drivetrain: ['Clutch Kit', 'Gearbox', 'Differential', 'Limited Slip Differential', 'Driveshaft', 'CV Joint', 'Synchro Ring Set', 'Shifter Assembly', 'Transmission Mount', 'Ring and Pinion', 'Axle Shaft'],
  suspension: ['Coilover Kit', 'Shock Absorber', 'Sway Bar', 'Control Arm', 'Torsion Bar', 'Leaf Spring', 'Steering Rack', 'Tie Rod End', 'Ball Joint', 'Strut Mount', 'Bushing Kit'],
  intake: ['Weber Carburetor', 'Holley Carburetor', 'Fuel Injector Set', 'Intake Manifold', 'Throttle Body', 'Fuel Pump', 'Air Filter Housing', 'Velocity Stack Set', 'Fuel Pressure Regulator', 'Turbocharger'],
  exhaust: ['Exhaust Manifold', 'Header Set', 'Muffler', 'Catalytic Converter', 'Exhaust System', 'Tailpipe Tip', 'Heat Exchanger', 'Downpipe'],
  brakes: ['Brake Caliper', 'Brake Disc Pair', 'Brake Pad Set', 'Master Cylinder', 'Brake Booster', 'Brake Line Kit', 'Handbrake Cable', 'Big Brake Kit'],
  body: ['Front Fender', 'Bonnet', 'Trunk Lid', 'Door Shell', 'Rocker Panel', 'Front Bumper', 'Rear Valance', 'Floor Pan', 'Quarter Panel', 'Spoiler'],
  interior: ['Bucket Seat', 'Steering Wheel', 'Dashboard', 'Door Card Set', 'Gauge Cluster', 'Carpet Set', 'Headliner', 'Shift Knob', 'Tachometer'],
  electrical: ['Alternator', 'Distributor', 'Ignition Coil', 'Starter Motor', 'Wiring Harness', 'Voltage Regulator', 'Distributor Cap and Rotor', 'Spark Plug Wire Set', 'ECU'],
  wheels: ['Fuchs Wheel Set', 'Minilite Wheels', 'BBS Wheels', 'Wire Wheel Set', 'Center Cap Set', 'Wheel Spacer Kit', 'Vintage Race Tires', 'Knock-Off Spinner'],
  lighting: ['Headlight Assembly', 'Tail Light Lens', 'Fog Light Kit', 'Indicator Lens', 'Marker Light', 'Driving Light Pair'],
  trim: ['Chrome Bumper Trim', 'Emblem Badge', 'Window Trim Set', 'Grille', 'Hood Ornament', 'Script Badge'],
  tools: ['Engine Hoist', 'Torque Wrench', 'Compression Tester', 'Timing Light', 'Carburetor Synchronizer', 'Spring Compressor'],
  hardware: ['Stainless Bolt Kit', 'Wheel Stud Set', 'Header Bolt Kit', 'Body Clip Set', 'Hose Clamp Kit'],
  accessories: ['Luggage Rack', 'Car Cover', 'Tonneau Cover', 'Roll Bar', 'Mud Flap Set', 'Tow Hook'],
  projects: ['Roller Shell', 'Project Car', 'Rolling Chassis', 'Body Shell'],
  fire: ['Fire Suppression System', 'Fire Extinguisher', 'Plumbed Extinguisher Kit'],
  safety: ['Racing Harness', 'Racing Seat', 'Roll Cage', 'Helmet', 'HANS Device', 'Window Net'],
  pit: ['Pit Board', 'Quick Jack', 'Fuel Jug', 'Tire Warmer Set', 'Pit Cart'],
  misc: ['Owner Manual', 'Workshop Manual', 'Sales Brochure', 'Tool Roll', 'Jack Kit'],
};

export const QUALIFIERS = ['Original', 'NOS', 'Rebuilt', 'Reproduction', 'Genuine', 'Uprated', 'Race', 'Lightweight', 'OEM', 'Stainless', 'Restored', 'Performance'];

export const BRANDS = ['Bosch', 'Weber', 'Holley', 'Lucas', 'Girling', 'Brembo', 'Bilstein', 'Koni', 'Edelbrock', 'Mahle', 'Sachs', 'Recaro', 'Momo', 'Nardi', 'Hella', 'Dellorto', 'Solex', 'Zenith', 'ATE', 'Lockheed'];

export const CONDITIONS = ['new-in-box', 'new-out-of-box', 'used-excellent', 'used-good', 'used-poor', 'rebuilt', 'for-parts'] as const;

export const LOCATIONS = ['Los Angeles, CA', 'San Diego, CA', 'Sacramento, CA', 'Phoenix, AZ', 'Dallas, TX', 'Austin, TX', 'Houston, TX', 'Denver, CO', 'Seattle, WA', 'Portland, OR', 'Chicago, IL', 'Detroit, MI', 'Indianapolis, IN', 'Columbus, OH', 'Atlanta, GA', 'Charlotte, NC', 'Miami, FL', 'Tampa, FL', 'Nashville, TN', 'New York, NY', 'Boston, MA', 'Philadelphia, PA', 'Pittsburgh, PA', 'Minneapolis, MN', 'Salt Lake City, UT', 'Las Vegas, NV', 'Kansas City, MO', 'St. Louis, MO', 'Richmond, VA', 'Watkins Glen, NY'];

export const FIRST_NAMES = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Susan', 'Richard', 'Jessica', 'Joseph', 'Sarah', 'Thomas', 'Karen', 'Carlos', 'Yuki', 'Hans', 'Giulia', 'Pierre', 'Ingrid'];
export const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Jackson', 'Martin', 'Lee', 'Tanaka', 'Schmidt', 'Rossi', 'Dubois', 'Larsen'];

/** Sentences a description is built from; `{part}`, `{model}`, `{make}`, `{brand}` are filled in. */
export const DESCRIPTION_SENTENCES = [
  'Removed from a running {make} {model} during a full restoration.',
  'Fits the {model} and similar chassis; please check your part number before buying.',
  'Genuine {brand} unit, cleaned, inspected and tested on the bench.',
  'Professionally rebuilt with new seals and gaskets, ready to install.',
  'Light surface corrosion, otherwise straight and complete.',
  'Comes from a dry garage in a private collection, stored for years.',
  'Upgraded spec for track days and vintage racing; used for one season.',
  'Includes all mounting hardware and the original box.',
  'Concours-quality finish, numbers matching where applicable.',
  'Shipping worldwide; local pickup welcome.',
  'The {part} was refurbished by a marque specialist.',
  'Great core for a rebuild or a budget restoration project.',
  'Minor scuffs from storage, see photos for details.',
  'Bead blasted, powder coated and assembled with new bearings.',
  'Matching pair available, ask for a combined shipping quote.',
  'Comes with receipts from the previous owner and the machine shop.',
  'Tested with a multimeter; all circuits read within specification.',
  'Pressure tested, no leaks, threads chased and cleaned.',
  'Magnafluxed and crack checked, within factory tolerances.',
  'Balanced and blueprinted by a well-known race engine builder.',
  'Period correct finish with original inspection stamps visible.',
  'Sold as seen, no returns on core parts.',
  'Fitted to a hillclimb car, never crashed, always garaged.',
  'Removed during an engine swap, ran perfectly until removal.',
  'Stored indoors wrapped in oiled paper since the late eighties.',
  'New old stock in the original factory packaging with part labels.',
  'Anodized aluminium, lightweight, weighs about half the original.',
  'Zinc plated hardware included, torque specs on the invoice.',
  'Would suit a concours restoration or a fast road build.',
  'Reluctant sale as the project has changed direction.',
];

/** Paint colours sellers mention ("finished in Guards Red"). */
export const COLOURS = ['Guards Red', 'Grabber Blue', 'British Racing Green', 'Signal Orange', 'Rosso Corsa', 'Plum Crazy', 'Hugger Orange', 'Petrol Blue', 'Olympic White', 'Sublime Green', 'Viper Blue', 'Ermine White', 'Oxford Blue', 'Silverstone', 'Speed Yellow', 'Bahama Yellow', 'Nogaro Blue', 'Carrera White', 'Gulf Blue', 'Highland Green'];
