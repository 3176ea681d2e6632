import { HOUSE_ACCOUNT, type DemoBuyerProfile, type DemoSellerProfile } from './demo.js';

/**
 * The people of the demo, shared by the modules' demo steps: accounts makes their users, sellers their seller
 * records and storefronts, catalog lists their parts where they are. The house account comes first.
 */
export const DEMO_SELLERS: readonly DemoSellerProfile[] = [
  {
    username: HOUSE_ACCOUNT.username, firstName: 'Pitlane', lastName: 'House', businessName: 'Pitlane House Stock',
    businessType: 'business', city: 'Indianapolis', state: 'IN', zip: '46222', phone: '317-555-0100', yearsInBusiness: 3,
    specialties: ['engine', 'brakes', 'suspension', 'wheels', 'safety', 'tools'], makes: ['ford', 'chevrolet', 'porsche', 'bmw', 'datsun', 'mazda'],
    description: 'Parts Pitlane keeps in stock itself: checked, photographed and shipped from our Indianapolis warehouse.',
  },
  {
    username: 'redline_restorations', firstName: 'Maria', lastName: 'Alvarez', businessName: 'Redline Restorations',
    businessType: 'business', city: 'Austin', state: 'TX', zip: '78704', phone: '512-555-0142', yearsInBusiness: 14,
    specialties: ['engine', 'intake', 'exhaust'], makes: ['chevrolet', 'pontiac', 'oldsmobile', 'buick'],
    description: 'GM muscle car engine builders since 2011. Every core is magnafluxed before it is listed.',
  },
  {
    username: 'stuttgart_classics', firstName: 'Jens', lastName: 'Becker', businessName: 'Stuttgart Classics',
    businessType: 'dealership', city: 'Costa Mesa', state: 'CA', zip: '92626', phone: '714-555-0187', yearsInBusiness: 22,
    specialties: ['body', 'trim', 'interior', 'lighting'], makes: ['porsche', 'mercedes-benz', 'volkswagen'],
    description: 'Air-cooled Porsche and classic Mercedes parts, original and reproduction, from a 40-car restoration shop.',
  },
  {
    username: 'british_iron', firstName: 'Oliver', lastName: 'Hughes', businessName: 'British Iron Supply',
    businessType: 'business', city: 'Charlotte', state: 'NC', zip: '28206', phone: '704-555-0119', yearsInBusiness: 9,
    specialties: ['electrical', 'suspension', 'body'], makes: ['triumph', 'mg', 'austin-healey', 'jaguar', 'lotus'],
    description: 'Lucas electrics done right, plus suspension and panels for Triumph, MG, Healey and Jaguar.',
  },
  {
    username: 'apex_race_supply', firstName: 'Keisha', lastName: 'Turner', businessName: 'Apex Race Supply',
    businessType: 'business', city: 'Mooresville', state: 'NC', zip: '28117', phone: '704-555-0163', yearsInBusiness: 11,
    specialties: ['safety', 'fire', 'pit', 'brakes'], makes: ['other', 'ford', 'chevrolet'],
    description: 'Race-day safety gear, fire systems and pit equipment, with SFI and FIA dates on every listing.',
  },
  {
    username: 'rising_sun_garage', firstName: 'Kenji', lastName: 'Watanabe', businessName: 'Rising Sun Garage',
    businessType: 'individual', city: 'Torrance', state: 'CA', zip: '90501', phone: '310-555-0134', yearsInBusiness: 7,
    specialties: ['engine', 'drivetrain', 'suspension'], makes: ['datsun', 'nissan', 'toyota', 'mazda', 'honda'],
    description: 'JDM and vintage Datsun parts, rotary know-how included. Ships from the South Bay.',
  },
  {
    username: 'motor_city_salvage', firstName: 'Dwayne', lastName: 'Brooks', businessName: 'Motor City Salvage',
    businessType: 'dealership', city: 'Detroit', state: 'MI', zip: '48210', phone: '313-555-0171', yearsInBusiness: 31,
    specialties: ['body', 'projects', 'wheels', 'drivetrain'], makes: ['ford', 'dodge', 'plymouth', 'mercury', 'lincoln', 'amc'],
    description: 'Three acres of Mopar and Blue Oval donors. Project cars, panels and drivetrains pulled to order.',
  },
  {
    username: 'italian_job_parts', firstName: 'Luca', lastName: 'Moretti', businessName: 'Italian Job Parts',
    businessType: 'business', city: 'Miami', state: 'FL', zip: '33137', phone: '305-555-0126', yearsInBusiness: 8,
    specialties: ['engine', 'interior', 'electrical'], makes: ['alfa-romeo', 'fiat', 'ferrari', 'lancia', 'maserati'],
    description: 'Alfa, Fiat and Lancia parts sourced in Turin and Milan, and the occasional Ferrari rarity.',
  },
  {
    username: 'bavarian_motorsport', firstName: 'Anna', lastName: 'Schmidt', businessName: 'Bavarian Motorsport',
    businessType: 'business', city: 'Denver', state: 'CO', zip: '80223', phone: '303-555-0158', yearsInBusiness: 12,
    specialties: ['suspension', 'brakes', 'exhaust', 'wheels'], makes: ['bmw', 'audi', 'mercedes-benz', 'volkswagen'],
    description: 'E30 and E36 track parts, brakes and exhausts for German cars that still see the track.',
  },
  {
    username: 'pony_car_pete', firstName: 'Pete', lastName: 'Sullivan', businessName: "Pony Car Pete's",
    businessType: 'individual', city: 'Tulsa', state: 'OK', zip: '74104', phone: '918-555-0193', yearsInBusiness: 19,
    specialties: ['trim', 'lighting', 'interior', 'hardware'], makes: ['ford', 'shelby', 'mercury'],
    description: 'First-generation Mustang and Cougar trim, lighting and interior pieces, NOS when I can find it.',
  },
  {
    username: 'desert_4x4', firstName: 'Rosa', lastName: 'Jimenez', businessName: 'Desert 4x4 Outfitters',
    businessType: 'business', city: 'Phoenix', state: 'AZ', zip: '85009', phone: '602-555-0148', yearsInBusiness: 6,
    specialties: ['drivetrain', 'suspension', 'accessories', 'wheels'], makes: ['jeep', 'land-rover', 'toyota', 'gmc'],
    description: 'Axles, transfer cases and lift kits for classic Jeeps, Land Rovers and Land Cruisers.',
  },
  {
    username: 'nordic_classics', firstName: 'Erik', lastName: 'Lindqvist', businessName: 'Nordic Classics',
    businessType: 'individual', city: 'Minneapolis', state: 'MN', zip: '55406', phone: '612-555-0175', yearsInBusiness: 10,
    specialties: ['engine', 'electrical', 'misc'], makes: ['volvo', 'saab'],
    description: 'Volvo Amazon, P1800 and 240, plus Saab 900 parts from a shop that has run them for decades.',
  },
  {
    username: 'garage_tool_depot', firstName: 'Hannah', lastName: 'Price', businessName: 'Garage Tool Depot',
    businessType: 'business', city: 'Columbus', state: 'OH', zip: '43215', phone: '614-555-0112', yearsInBusiness: 15,
    specialties: ['tools', 'hardware', 'accessories', 'misc'], makes: ['other'],
    description: 'Specialty tools, fasteners and shop equipment for restorers: the things you only need once, until you do.',
  },
];

export const DEMO_BUYERS: readonly DemoBuyerProfile[] = [
  ['gearhead_gary', 'Gary', 'Mitchell', 'Omaha', 'NE'], ['vintage_val', 'Valerie', 'Chen', 'Portland', 'OR'],
  ['track_day_tom', 'Tom', 'Russo', 'Pittsburgh', 'PA'], ['rust_belt_rob', 'Rob', 'Kowalski', 'Cleveland', 'OH'],
  ['apex_amy', 'Amy', 'Nguyen', 'San Jose', 'CA'], ['carb_tuner_carl', 'Carl', 'Jensen', 'Madison', 'WI'],
  ['drift_dana', 'Dana', 'Park', 'Las Vegas', 'NV'], ['restomod_ray', 'Ray', 'Dawson', 'Nashville', 'TN'],
  ['concours_claire', 'Claire', 'Dubois', 'Boston', 'MA'], ['hillclimb_hank', 'Hank', 'Weber', 'Boulder', 'CO'],
  ['barn_find_bev', 'Beverly', 'Owens', 'Lexington', 'KY'], ['rotary_raj', 'Raj', 'Patel', 'Houston', 'TX'],
  ['autocross_ally', 'Allison', 'Reed', 'Raleigh', 'NC'], ['hotrod_hector', 'Hector', 'Ramos', 'San Antonio', 'TX'],
  ['ragtop_rita', 'Rita', 'Morales', 'Tampa', 'FL'], ['spanner_sam', 'Sam', 'Okafor', 'Atlanta', 'GA'],
  ['quartermile_quinn', 'Quinn', 'Harper', 'Kansas City', 'MO'], ['lemans_leo', 'Leo', 'Fischer', 'Seattle', 'WA'],
].map(([username, firstName, lastName, city, state]) => ({ username: username!, firstName: firstName!, lastName: lastName!, city: city!, state: state! }));
