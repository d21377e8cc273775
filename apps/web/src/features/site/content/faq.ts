export type FaqCategory = { category: string; items: readonly { question: string; answer: string }[] };

/** Five categories of common problems, three questions each. */
export const faq: readonly FaqCategory[] = [
  {
    category: 'Refrigerator Issues',
    items: [
      {
        question: 'Why is my refrigerator not cooling but the freezer still works?',
        answer:
          'Usually the evaporator fan has failed or the coil behind the freezer panel has iced over, so cold air no longer reaches the fresh-food side. A defrost heater, thermostat or control board fault causes the ice. We test each part and replace only the one that failed.',
      },
      {
        question: 'Why is there water on the floor under my refrigerator?',
        answer:
          'A blocked defrost drain, a cracked drain pan or a leaking water line to the ice maker are the usual causes. Turn off the water supply to the ice maker if you can, and we will find and fix the source.',
      },
      {
        question: 'Is it worth repairing a refrigerator that is more than ten years old?',
        answer:
          'Built-in refrigerators such as Sub-Zero are designed to last twenty years or more and are nearly always worth repairing. For a standard model we give you the repair price up front so you can compare it with replacing it.',
      },
    ],
  },
  {
    category: 'Washing Machine Problems',
    items: [
      {
        question: 'Why will my washer not drain or spin?',
        answer:
          'A sock or coin in the drain pump, a kinked drain hose or a failed lid or door lock stops the cycle. Newer washers also refuse to spin when a load is badly unbalanced. We clear the pump and test the lock and the motor control.',
      },
      {
        question: 'What causes a front-load washer to smell?',
        answer:
          'Detergent residue and moisture trapped in the door gasket and the drain filter. Use high-efficiency detergent, leave the door ajar between washes and run a cleaning cycle monthly; we can replace a gasket that has mildewed through.',
      },
      {
        question: 'Why does my washer shake or walk across the floor?',
        answer:
          'Uneven feet, worn shock absorbers or suspension springs, or shipping bolts left in a new machine. We level the washer and replace worn suspension parts.',
      },
    ],
  },
  {
    category: 'Dryer Issues',
    items: [
      {
        question: 'Why does my dryer run but not heat?',
        answer:
          'On an electric dryer a heating element, thermal fuse or high-limit thermostat has usually failed; on a gas dryer it is often the igniter or gas valve coils. A blocked vent is frequently what made the fuse blow, so we check it too.',
      },
      {
        question: 'Why are my clothes taking so long to dry?',
        answer:
          'Most often a restricted vent or lint buildup inside the cabinet. Besides wasting energy it is a fire risk, so have the vent cleaned and the airflow measured.',
      },
      {
        question: 'What is the loud squealing or thumping noise from my dryer?',
        answer:
          'Worn drum rollers, an idler pulley or a drum belt. These are inexpensive parts and replacing them early prevents damage to the motor.',
      },
    ],
  },
  {
    category: 'Dishwasher Problems',
    items: [
      {
        question: 'Why are my dishes still dirty after a cycle?',
        answer:
          'Clogged spray arms or filter, a weak wash pump, or water that is not hot enough. Clean the filter and run the kitchen tap hot before starting; if that does not help, we test the pump and heater.',
      },
      {
        question: 'Why is water left standing in the bottom of my dishwasher?',
        answer:
          'A blocked filter, a clogged garbage-disposal connection or a failed drain pump. If a disposal was just installed, its knock-out plug may still be in place.',
      },
      {
        question: 'Why is my dishwasher leaking?',
        answer:
          'A worn door gasket, a cracked spray arm, a loose hose clamp or using regular dish soap instead of dishwasher detergent. We find the leak and replace the worn part.',
      },
    ],
  },
  {
    category: 'Oven & Range Issues',
    items: [
      {
        question: 'Why will my gas burner not light?',
        answer:
          'Food or moisture in the burner ports or a worn igniter or spark module. Let the burner dry and clean the ports; if it still only clicks, the igniter needs replacing.',
      },
      {
        question: 'Why is my oven temperature wrong?',
        answer:
          'A faulty temperature sensor, a weak bake igniter on gas ovens or a failing element on electric ovens. We test and calibrate the oven so recipes bake as they should.',
      },
      {
        question: 'Is it safe to use the self-clean cycle?',
        answer:
          'Usually, but the high heat can blow a thermal fuse or damage the door lock on older ovens. Wipe out heavy spills first and never leave the house during a cycle.',
      },
    ],
  },
];
