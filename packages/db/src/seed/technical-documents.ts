import type { TechnicalDocumentContent, TechnicalDocumentSection } from '../schema/index.ts';

// The text of the seeded technical documents, from which the API draws their PDFs. English; the document names on
// the pages are catalog keys. Figures are the demo catalogue's (7.2 kWh battery, up to 80 hp, KYB suspension with
// 310 mm of travel) and the store's parts (tires, springs, sprockets).

type Model = 'varg' | 'varg-ex' | 'varg-sm';

interface ModelFacts {
  name: string;
  use: string;
  wheels: string;
  tires: string;
  frontDisc: string;
  /** New and minimum thickness of the front disc. */
  frontDiscThickness: [string, string];
  weight: string;
  sprocket: string;
  chainSlack: string;
  pressures: string[][];
  roadLegal: boolean;
}

const FACTS: Record<Model, ModelFacts> = {
  varg: {
    name: 'VARG MX',
    use: 'a motocross bike for closed courses and private land; it is not registered for public roads',
    wheels: '21" front, 19" rear',
    tires: 'Pirelli Scorpion MX32 80/100-21 front, 110/90-19 rear',
    frontDisc: '260 mm',
    frontDiscThickness: ['3.0 mm', '2.7 mm'],
    weight: '110 kg',
    sprocket: '50 teeth',
    chainSlack: '50–55 mm',
    pressures: [
      ['Hard-packed or rocky ground', '1.0 bar (14.5 psi)', '1.0 bar (14.5 psi)'],
      ['Intermediate ground', '0.9 bar (13 psi)', '0.9 bar (13 psi)'],
      ['Sand or mud', '0.8 bar (11.5 psi)', '0.8 bar (11.5 psi)'],
    ],
    roadLegal: false,
  },
  'varg-ex': {
    name: 'VARG EX',
    use: 'an enduro bike registered for public roads in the markets where it is sold, and built for trails and enduro tests',
    wheels: '21" front, 18" rear',
    tires: 'Metzeler Six Days Extreme 90/90-21 front, Michelin Enduro 2 140/80-18 rear',
    frontDisc: '260 mm',
    frontDiscThickness: ['3.0 mm', '2.7 mm'],
    weight: '118 kg',
    sprocket: '52 teeth',
    chainSlack: '55–60 mm',
    pressures: [
      ['Public roads', '1.5 bar (22 psi)', '1.5 bar (22 psi)'],
      ['Trails and enduro tests', '1.0 bar (14.5 psi)', '1.0 bar (14.5 psi)'],
      ['With mousse inserts', 'no pressure to set', 'no pressure to set'],
    ],
    roadLegal: true,
  },
  'varg-sm': {
    name: 'VARG SM',
    use: 'a supermoto registered for public roads in the markets where it is sold, and ready for kart and supermoto tracks',
    wheels: '17" front, 17" rear',
    tires: 'Pirelli Diablo Rosso IV 120/70 ZR17 front, 160/60 ZR17 rear',
    frontDisc: '310 mm',
    frontDiscThickness: ['4.5 mm', '4.0 mm'],
    weight: '116 kg',
    sprocket: '48 teeth',
    chainSlack: '35–40 mm',
    pressures: [
      ['Public roads (cold tires)', '2.1 bar (30 psi)', '2.3 bar (33 psi)'],
      ['Track (measured warm)', '1.9 bar (28 psi)', '1.8 bar (26 psi)'],
    ],
    roadLegal: true,
  },
};

const TECHNICAL_DATA = (f: ModelFacts): string[][] => [
  ['Battery', '7.2 kWh lithium-ion, sealed housing, managed by the battery management system (BMS)'],
  ['Motor', 'Permanent-magnet synchronous motor with integrated inverter, liquid-cooled'],
  ['Peak power', 'Up to 60 kW (80 hp); set the power curve in the app'],
  ['Transmission', `Single speed, 520 chain, rear sprocket with ${f.sprocket}`],
  ['Front suspension', 'KYB 48 mm closed-cartridge fork, 310 mm travel, compression and rebound adjustable'],
  ['Rear suspension', 'KYB shock with linkage, 310 mm travel, preload, compression and rebound adjustable'],
  ['Wheels', f.wheels],
  ['Tires', f.tires],
  ['Brakes', `Hydraulic disc brakes, ${f.frontDisc} front disc, 220 mm rear disc`],
  ['Weight', `${f.weight}, ready to ride`],
];

const PRE_RIDE = (f: ModelFacts): string[] => [
  'State of charge on the dashboard is enough for the ride you plan, with a reserve of at least 15%.',
  'Charge port cover is closed and latched.',
  'Tire pressures are set (cold) and the tires have no cuts; spokes are tight (tap each one: a dull sound means a loose spoke).',
  'Front brake lever and rear brake pedal are firm; brake pads have at least 1 mm of friction material; fluid is above MIN in both reservoirs.',
  `Chain slack is ${f.chainSlack} and the chain is clean and lubricated.`,
  'Axle nuts, axle clamp bolts and handlebar clamp bolts are tight; the throttle turns freely and snaps back when released.',
  'Fork tubes show no oil film; the shock shows no leaks.',
  'Coolant level is between MIN and MAX in the expansion tank.',
  'The kill switch stops the motor, and the motor cannot be engaged with the side stand down.',
  ...(f.roadLegal ? ['Headlight, tail light, brake light, indicators and horn work; the mirrors are adjusted.'] : []),
];

function ownersManual(model: Model): TechnicalDocumentContent {
  const f = FACTS[model];
  return {
    sections: [
      {
        heading: 'About this manual',
        paragraphs: [
          `The ${f.name} is ${f.use}. This manual explains how to ride, charge and look after it. Read it before the first ride and keep it with the bike; give it to the next owner if you sell the bike.`,
          'Work beyond what this manual describes belongs in an authorized Stark Future workshop: the service manual and the torque tables are written for trained technicians.',
        ],
      },
      {
        heading: 'Safety',
        bullets: [
          'Always wear a helmet, goggles or a visor, boots, gloves and protective clothing.',
          'The motor makes almost no noise: people and animals may not hear you coming. Ride with that in mind.',
          'When the dashboard shows READY, a turn of the throttle moves the bike. Switch the bike off before you get off it and before any work on it.',
          'Do not ride through water deeper than the wheel hubs, and never open a cover or a connector of the powertrain.',
          'Orange cables carry high voltage. Do not touch, cut or clamp them.',
          ...(f.roadLegal
            ? ['On public roads, follow the traffic rules and keep the registration documents with you.']
            : ['Do not ride the bike on public roads: it is not equipped or registered for them.']),
        ],
      },
      { heading: 'Technical data', table: { columns: ['Item', f.name], rows: TECHNICAL_DATA(f) } },
      {
        heading: 'Controls and riding modes',
        paragraphs: [
          'Switch on with the power button on the left handlebar switch and confirm on the dashboard; the READY symbol shows when the motor can drive. The red kill switch on the right cuts the motor at once.',
          'The power curve, the engine braking and the traction control are set in the app and shown on the dashboard. Five riding modes are stored on the bike; change between them with the mode button while riding with the throttle closed. Start on a lower mode until you know how the bike answers the throttle.',
        ],
      },
      { heading: 'Before each ride', bullets: PRE_RIDE(f) },
      {
        heading: 'Tire pressures',
        paragraphs: ['Set the pressures with cold tires unless noted. Check them before every ride.'],
        table: { columns: ['Conditions', 'Front', 'Rear'], rows: f.pressures },
      },
      {
        heading: 'Charging',
        paragraphs: [
          'Charge with the Stark Future charger from an earthed socket. The battery charges when its temperature is between 0 °C and 45 °C; the charging guide (CG-CHARGING) gives the steps, the charging times and the meaning of the charger lights.',
          'For everyday use, set the charge limit to 80% in the app and charge to 100% only before a long ride. Lithium-ion cells have no memory effect: charge after every ride.',
        ],
      },
      {
        heading: 'Cleaning and care',
        bullets: [
          'Close the charge port cover and switch the bike off before washing.',
          'Use a low-pressure hose and a soft brush. Do not point a pressure washer at connectors, bearings, seals or the charge port.',
          'Dry the bike, then clean and lubricate the chain.',
          'Store the bike dry, out of direct sun, between 10 °C and 25 °C; see the battery storage guide (CG-BATTERY-CARE) for longer breaks.',
        ],
      },
      {
        heading: 'Maintenance and warranty',
        paragraphs: [
          'Have the first service done after 5 hours of riding, then follow the service schedule. Keep the workshop invoices: warranty claims and an extended warranty need a complete service history.',
        ],
      },
    ],
  };
}

const HV_SAFETY: string[] = [
  'Switch the bike off on the dashboard, then with the power button, and wait until the dashboard is dark.',
  'Disconnect the charger and close the charge port cover.',
  'Wait at least 5 minutes before removing any powertrain cover, so that the inverter capacitors discharge.',
  'Wear insulated gloves (class 0) to work near the orange high-voltage cables, and use insulated tools.',
  'Never open the battery housing: it holds no parts to service. A battery that is damaged, hot, swollen or smells goes to quarantine outdoors, away from buildings, and is reported to Stark Future.',
];

function serviceManual(model: Model): TechnicalDocumentContent {
  const f = FACTS[model];
  const roadLegal: TechnicalDocumentSection[] = f.roadLegal
    ? [
        {
          heading: 'Road equipment',
          bullets: [
            'Check the headlight aim after any work on the fork or the headlight mask: the top of the low beam falls 1% (10 cm at 10 m) with the rider seated.',
            'Check the brake light with each brake on its own, the indicators, the horn, the number plate light and both mirrors.',
            'Keep the approved tire sizes; other sizes void the registration.',
          ],
        },
      ]
    : [];
  return {
    sections: [
      {
        heading: 'Scope',
        paragraphs: [
          `This manual covers the scheduled service of the ${f.name}. Work on high-voltage components is for technicians trained on the Stark Future powertrain only; every other step can be done by a trained motorcycle technician with the tools listed.`,
          'Fasteners are tightened to the torque tables TQ-CHASSIS and TQ-POWERTRAIN. Self-locking nuts and bolts with threadlocker patches are replaced once removed.',
        ],
      },
      { heading: 'High-voltage safety', steps: HV_SAFETY },
      {
        heading: 'Service schedule',
        paragraphs: ['Hours are riding hours, shown on the dashboard. Whichever comes first, hours or time, applies.'],
        table: {
          columns: ['Interval', 'Work'],
          rows: [
            [
              'After the first 5 hours',
              'Tighten every chassis fastener to the torque table; check spoke tension, chain slack and brake fluid levels; install the latest software.',
            ],
            [
              'Every 10 hours',
              'Clean and lubricate the chain; check brake pads, spokes, tire wear, steering head and wheel bearing play.',
            ],
            [
              'Every 20 hours',
              'Clean the fork dust seals; inspect linkage and swingarm bearings; measure chain and sprocket wear; check the coolant level and the hoses.',
            ],
            [
              'Every 50 hours or yearly',
              'Fork oil change and fork service; shock service; grease linkage, swingarm and steering head bearings; replace the brake fluid; battery health check with the diagnostic tool.',
            ],
            ['Every 2 years', 'Replace the coolant; replace the brake hoses if they show cracks or swelling.'],
          ],
        },
      },
      {
        heading: 'Tools and consumables',
        table: {
          columns: ['Item', 'Specification'],
          rows: [
            ['Torque wrenches', '2–25 Nm and 20–100 Nm'],
            ['Brake fluid', 'DOT 4'],
            ['Fork oil', 'KYB 01M, 5W; 350 ml per leg in the outer chamber'],
            ['Coolant', 'Ready-mixed, silicate-free, protected to -25 °C'],
            ['Threadlocker', 'Medium strength (Loctite 243 or equivalent)'],
            ['Bearing grease', 'Lithium-complex, water-resistant'],
            ['Diagnostic tool', 'Stark Future dealer app on a workshop tablet, connected over Bluetooth'],
          ],
        },
      },
      {
        heading: 'Suspension',
        paragraphs: [
          'Set the sag with the rider in full gear. Static sag (bike on its own weight): 30–35 mm. Race sag (rider standing on the footpegs): 100–105 mm. Change the shock spring when the race sag cannot be reached with the preload collar within 3 to 15 mm of preload.',
        ],
        table: {
          columns: ['Rider weight with gear', 'Fork spring', 'Shock spring'],
          rows: [
            ['65–75 kg', '4.4 N/mm', '50 N/mm'],
            ['75–85 kg (fitted at the factory)', '4.6 N/mm', '52 N/mm'],
            ['85–95 kg', '4.8 N/mm', '54 N/mm'],
          ],
        },
      },
      {
        heading: 'Brakes',
        paragraphs: [
          'Replace the pads when the friction material is thinner than 1 mm, always as a pair. Replace a disc worn below its minimum thickness, warped by more than 0.2 mm, or cracked.',
        ],
        table: {
          columns: ['Disc', 'New thickness', 'Minimum thickness'],
          rows: [
            [`Front, ${f.frontDisc}`, ...f.frontDiscThickness],
            ['Rear, 220 mm', '4.0 mm', '3.6 mm'],
          ],
        },
      },
      {
        heading: 'Chain and sprockets',
        paragraphs: [
          `Chain slack: ${f.chainSlack}, measured as in the chain tension guide (VD-CHAIN). Replace the 520 chain when 18 rollers measure more than 272 mm under tension, and replace chain and both sprockets together when the sprocket teeth are hooked. Standard rear sprocket: ${f.sprocket}.`,
        ],
      },
      ...roadLegal,
      {
        heading: 'Software and diagnostics',
        paragraphs: [
          'Connect the diagnostic tool at every service: it reads the fault log, the battery state of health and the cell balance, and installs the released software for the motor controller, the BMS and the dashboard. Note the software versions on the service invoice.',
        ],
      },
    ],
  };
}

const TORQUE_NOTE =
  'Values are for clean, dry threads unless noted. "Threadlocker" means medium-strength threadlocker (Loctite 243 or equivalent). Tighten in steps and crosswise where several bolts hold one part.';

const STANDARD_TORQUES: TechnicalDocumentSection = {
  heading: 'Fasteners not listed',
  paragraphs: ['Steel bolts of property class 8.8 or better, in steel or aluminum threads:'],
  table: {
    columns: ['Thread', 'Torque (Nm)'],
    rows: [
      ['M5', '6'],
      ['M6', '10'],
      ['M8', '25'],
      ['M10', '45'],
      ['M12', '60'],
      ['M14', '80'],
      ['M16', '100'],
    ],
  },
};

const TORQUE_CHASSIS: TechnicalDocumentContent = {
  sections: [
    { heading: 'How to use this table', paragraphs: [TORQUE_NOTE] },
    {
      heading: 'Chassis, wheels and brakes',
      table: {
        columns: ['Fastener', 'Thread', 'Torque (Nm)', 'Notes'],
        rows: [
          ['Front axle', 'M24x1.5', '45', 'Tighten before the axle clamp bolts'],
          ['Front axle clamp bolts', 'M8', '15', 'Pump the fork first to center the axle'],
          ['Rear axle nut', 'M20x1.5', '90', 'After setting the chain slack'],
          ['Upper triple clamp bolts', 'M8', '17', ''],
          ['Lower triple clamp bolts', 'M8', '12', ''],
          ['Steering stem nut', 'M20x1.5', '20', 'Then check the steering head play'],
          ['Handlebar clamp bolts', 'M8', '20', 'Front bolts first, gap at the rear'],
          ['Front brake caliper bolts', 'M8', '25', 'Threadlocker'],
          ['Rear brake caliper bolts', 'M8', '25', 'Threadlocker'],
          ['Brake disc bolts, front and rear', 'M6', '14', 'Threadlocker'],
          ['Brake hose banjo bolts', 'M10x1', '25', 'New copper washers'],
          ['Rear sprocket bolts', 'M8', '35', 'Threadlocker'],
          ['Shock absorber, top mount', 'M12', '60', ''],
          ['Shock absorber, bottom mount', 'M12', '60', ''],
          ['Linkage bolts', 'M14x1.5', '80', ''],
          ['Swingarm pivot', 'M16x1.5', '100', ''],
          ['Footpeg bracket bolts', 'M10', '45', 'Threadlocker'],
          ['Side stand pivot bolt', 'M10', '35', 'Grease the pivot'],
          ['Spoke nipples', 'M4.5', '5', 'Check after the first 5 hours'],
          ['Subframe bolts', 'M8', '25', ''],
          ['Bodywork screws', 'M6', '4', 'Plastic parts: do not overtighten'],
        ],
      },
    },
    STANDARD_TORQUES,
  ],
};

const TORQUE_POWERTRAIN: TechnicalDocumentContent = {
  sections: [
    {
      heading: 'How to use this table',
      paragraphs: [
        TORQUE_NOTE,
        'Fasteners marked HV are on high-voltage parts: follow the high-voltage safety steps of the service manual before loosening them, and use insulated tools.',
      ],
    },
    {
      heading: 'Powertrain and cooling',
      table: {
        columns: ['Fastener', 'Thread', 'Torque (Nm)', 'Notes'],
        rows: [
          ['Motor mounting bolts', 'M10', '45', 'Threadlocker'],
          ['Battery mounting bolts', 'M8', '25', 'Crosswise, in two steps'],
          ['Front sprocket nut', 'M20x1.5', '60', 'Threadlocker; bend the lock washer'],
          ['Motor cover screws', 'M6', '10', ''],
          ['Inverter mounting screws', 'M6', '10', 'HV'],
          ['High-voltage connector screws', 'M5', '6', 'HV; check the seal'],
          ['Charge port flange screws', 'M5', '5', 'HV'],
          ['Chassis earth strap', 'M6', '10', 'Clean contact surfaces'],
          ['Coolant drain plug', 'M10x1', '12', 'New sealing washer'],
          ['Coolant hose clamps', '-', '3', ''],
          ['Radiator mounting bolts', 'M6', '8', 'Rubber bushes in place'],
          ['Chain guide and slider screws', 'M6', '10', 'Threadlocker'],
          ['Skid plate bolts', 'M8', '15', ''],
        ],
      },
    },
    STANDARD_TORQUES,
  ],
};

const CHARGING_GUIDE: TechnicalDocumentContent = {
  sections: [
    {
      heading: 'At a glance',
      paragraphs: [
        'Every VARG comes with the portable charger. It charges the 7.2 kWh battery from an earthed household socket; the charge port is under the cover on the left side panel. The bike shows the state of charge and the time to the set limit on the dashboard and in the app while it charges.',
      ],
    },
    {
      heading: 'Charger specifications',
      table: {
        columns: ['Item', 'Value'],
        rows: [
          ['Input voltage', '100–240 V AC, 50/60 Hz'],
          ['Input current', '16 A at most; 10 A or 6 A selectable on the charger'],
          ['Output power', 'Up to 3.3 kW at 230 V, 16 A; up to 1.3 kW at 120 V, 12 A'],
          ['Efficiency', 'Above 94% at full load'],
          ['Operating temperature', '0 °C to 40 °C'],
          ['Protection', 'IP65; residual current, overtemperature and overvoltage protection'],
          ['Cable length', '2.5 m to the bike, 1.5 m to the socket'],
          ['Weight', '3.9 kg'],
        ],
      },
    },
    {
      heading: 'How to charge',
      steps: [
        'Switch the bike off and park it on level ground, out of the rain, on its side stand.',
        'Plug the charger into an earthed socket protected by a residual-current device (RCD). Wait for the green light.',
        'Open the charge port cover and push the charging plug in until it clicks.',
        'The charger light pulses green while the battery charges. Charging stops by itself at the limit set in the app (80% or 100%).',
        'Press the release button and unplug the bike first, then the socket. Close the charge port cover until it latches.',
      ],
    },
    {
      heading: 'Charging times',
      paragraphs: ['With the battery between 15 °C and 30 °C. Cold batteries charge more slowly.'],
      table: {
        columns: ['Supply', '20% to 80%', '0% to 100%'],
        rows: [
          ['230 V, 16 A (3.3 kW)', 'about 1 h 20 min', 'about 2 h 30 min'],
          ['230 V, 10 A (2.2 kW)', 'about 2 h', 'about 3 h 40 min'],
          ['120 V, 12 A (1.3 kW)', 'about 3 h 20 min', 'about 6 h'],
        ],
      },
    },
    {
      heading: 'Charger light',
      table: {
        columns: ['Light', 'Meaning', 'What to do'],
        rows: [
          ['Green, steady', 'Ready, or charging finished', 'Unplug the bike'],
          ['Green, pulsing', 'Charging', 'Nothing'],
          [
            'Yellow',
            'Waiting: battery too cold or too warm',
            'Move the bike somewhere between 10 °C and 30 °C; charging starts by itself',
          ],
          ['Red', 'Fault', 'Unplug both ends, wait 10 s, plug in again; if it stays red, contact your dealer'],
        ],
      },
    },
    {
      heading: 'Safety',
      bullets: [
        'The battery charges between 0 °C and 45 °C. After a hard ride the charger waits until the battery has cooled.',
        'Do not cover the charger or leave it in direct sun, and keep it off wet ground.',
        'Use an extension cable only if it is rated for 16 A (2.5 mm²) and fully unrolled. Never use a travel adapter.',
        'Do not charge with a damaged cable, plug or charge port, and never wash the bike while it charges.',
      ],
    },
  ],
};

const BATTERY_CARE: TechnicalDocumentContent = {
  sections: [
    {
      heading: 'Everyday use',
      bullets: [
        'Charge after every ride; the battery has no memory effect.',
        'Set the charge limit to 80% for daily use and charge to 100% only before a long ride.',
        'Do not leave the battery at 100% for more than two days, and avoid running it below 10%.',
        'After a hard ride, let the battery cool for 15 minutes before charging.',
      ],
    },
    {
      heading: 'Storage',
      paragraphs: [
        'Store the bike dry, between 10 °C and 25 °C, never below -20 °C or above 45 °C. Switch it off; the battery management system draws a little current, so check the state of charge as below.',
      ],
      table: {
        columns: ['Storage time', 'State of charge', 'Check'],
        rows: [
          ['Up to 1 month', '50–70%', 'None needed'],
          ['1 to 6 months', '50–60%', 'Monthly; charge to 50% if it falls below 30%'],
          ['Over 6 months', '50–60%', 'Monthly; a dealer battery check before the season'],
        ],
      },
    },
    {
      heading: 'Riding in winter',
      paragraphs: [
        'Below 5 °C the battery gives less power and range. Keep the bike indoors until you ride; the power is limited until the cells have warmed up, which takes a few minutes of gentle riding. Charge indoors: the battery management system does not charge below 0 °C.',
      ],
    },
    {
      heading: 'Transport',
      bullets: [
        'The bike may be carried in a van or on a trailer, strapped at the lower triple clamp and the rear frame, upright on its wheels.',
        'Shipping the bike by air or by a carrier is dangerous goods transport (UN 3171, battery-powered vehicle): ask your dealer.',
      ],
    },
    {
      heading: 'If the battery is damaged',
      steps: [
        'Stop riding and switch the bike off. Do not charge it.',
        'If you see smoke or smell solvent, move away from the bike and call the fire services; tell them it is a lithium-ion battery.',
        'Otherwise park the bike outdoors, away from buildings and other vehicles, and contact your dealer.',
      ],
    },
  ],
};

const CHAIN_TENSION: TechnicalDocumentContent = {
  sections: [
    {
      heading: 'Checking the chain slack',
      steps: [
        'Put the bike on a stand so that the rear wheel is off the ground, with the bike switched off.',
        'Push the lower run of the chain up against the swingarm, just behind the chain slider.',
        'Measure the gap between the chain and the swingarm; turn the wheel and check at three points, using the tightest.',
      ],
      table: {
        columns: ['Model', 'Chain slack', 'Standard rear sprocket'],
        rows: (['varg', 'varg-ex', 'varg-sm'] as const).map((m) => [
          FACTS[m].name,
          FACTS[m].chainSlack,
          FACTS[m].sprocket,
        ]),
      },
    },
    {
      heading: 'Adjusting the slack and the wheel alignment',
      steps: [
        'Loosen the rear axle nut.',
        'Turn both chain adjuster bolts by the same amount until the slack is right.',
        'Check that the marks on both chain adjusters line up with the same marks on the swingarm: then the rear wheel is in line.',
        'Push the wheel forward against the adjusters and tighten the rear axle nut to 90 Nm.',
        'Check the slack again, then tighten the adjuster lock nuts.',
      ],
    },
    {
      heading: 'Wear',
      bullets: [
        'Replace the chain when 18 rollers measure more than 272 mm with the chain under tension, or when links stay kinked.',
        'Replace the chain together with both sprockets when the teeth are hooked or pointed.',
        'Check the chain slider and the chain guide at each chain check; replace them when the chain has cut into them.',
      ],
    },
  ],
};

/** The content of each technical document with a file, by its code. */
export const DOCUMENT_CONTENT: Record<string, TechnicalDocumentContent> = {
  'OM-VARG-MX': ownersManual('varg'),
  'OM-VARG-EX': ownersManual('varg-ex'),
  'OM-VARG-SM': ownersManual('varg-sm'),
  'SM-VARG-MX': serviceManual('varg'),
  'SM-VARG-EX': serviceManual('varg-ex'),
  'TQ-CHASSIS': TORQUE_CHASSIS,
  'TQ-POWERTRAIN': TORQUE_POWERTRAIN,
  'CG-CHARGING': CHARGING_GUIDE,
  'CG-BATTERY-CARE': BATTERY_CARE,
  'VD-CHAIN': CHAIN_TENSION,
};
