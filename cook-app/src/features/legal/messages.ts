// Texts of the Privacy Policy and the Terms of Service (SPEC.md sections 1 and 2). The terms cover what
// SPEC.md section 1 lists, in the twelve sections of section 2; the privacy policy says what PitClock
// stores and where (accounts have an e-mail address and a password). '{email}' stands for the contact
// address from configuration (lib/app-config) and is shown as a mailto link.

/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { list: readonly string[] };

export type LegalSection = { id: string; title: string; blocks: readonly LegalBlock[] };

export const EMAIL_PLACEHOLDER = '{email}';

export const LEGAL_TEXT = {
  back: 'Back',
  lastUpdated: (date: string) => `Last updated: ${date}`,
  contents: 'Contents',
} as const;

export const TERMS_TITLE = 'Terms of Service';

export const TERMS_INTRO =
  'These terms govern your use of PitClock, the cook-off clock for competition barbecue teams. Please read them carefully.';

/** The twelve sections of SPEC.md section 2, in its order. */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement to terms',
    blocks: [
      'By accessing or using PitClock you accept these terms and agree to be bound by them. If you do not agree, do not use PitClock.',
    ],
  },
  {
    id: 'service-description',
    title: 'Service description',
    blocks: [
      'PitClock is an installable web app that works without a network. It lets you build templates of timed steps, attach them to cook-offs, and run a timed schedule that alerts you when steps are due, by push notification where your device supports it and by in-app alerts otherwise.',
      'Starting a cook-off on a device needs a device licence, obtained by redeeming a promo code. Your cook-offs, templates, runs and notes are stored locally on your device.',
    ],
  },
  {
    id: 'accounts',
    title: 'User accounts',
    blocks: [
      {
        list: [
          'You must provide accurate and complete registration information and keep it up to date.',
          'You are responsible for keeping your password safe and for everything done with your account. Tell us at once at {email} if you learn of any unauthorised use or other misuse of your account.',
          'We may suspend or terminate your account or access to PitClock if you violate these terms.',
        ],
      },
    ],
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    blocks: [
      'You may use PitClock for lawful purposes only. In particular, you must not:',
      {
        list: [
          'attempt unauthorised access to PitClock, to other users’ accounts or data, or to the systems PitClock runs on;',
          'upload or transmit viruses, malicious code or any other harmful content;',
          'disrupt, overload or impair PitClock or the networks connected to it;',
          'use bots, scrapers or other automated means to access PitClock unless we have permitted it.',
        ],
      },
    ],
  },
  {
    id: 'user-content',
    title: 'User content',
    blocks: [
      'You own the content you create in PitClock, such as templates, steps, cook-offs and notes. You grant us a limited, non-exclusive licence to store and display that content only as needed to provide PitClock to you.',
    ],
  },
  {
    id: 'availability',
    title: 'Service availability',
    blocks: [
      'PitClock is provided “as is” and “as available”, without warranties of any kind. We do not promise that it will be uninterrupted, timely or free of errors.',
      'Keep your own backups of your data (Settings, Backup and restore): data stored on a device can be lost with the device or when the browser clears it.',
      'Delivery of notifications depends on your device, its operating system and browser settings, and your network, and is not guaranteed.',
    ],
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    blocks: [
      'To the fullest extent the law allows, we are not liable for any indirect, incidental, special or consequential damages, or for any loss of data, results or opportunities, arising from your use of PitClock.',
      'We are not liable for timing disputes, missed or late turn-ins, or their effect on any contest result. You remain responsible for your team’s timing and for following each contest’s rules.',
    ],
  },
  {
    id: 'promo-codes',
    title: 'Promo codes',
    blocks: [
      {
        list: [
          'Each promo code is single-use and non-transferable.',
          'Promo codes may expire, and the licence they unlock lasts for the period stated with the code.',
          'Promo codes cannot be combined with other codes or offers.',
          'We may revoke a promo code, and the licence it unlocked, at any time, in particular when it was obtained or used in breach of these terms.',
          'Promo codes have no cash value.',
        ],
      },
    ],
  },
  {
    id: 'modifications',
    title: 'Modifications to terms',
    blocks: [
      'We may change these terms at any time. The date at the top of this page shows when they last changed. By continuing to use PitClock after a change you accept the changed terms.',
    ],
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    blocks: [
      'These terms are governed by the laws of the place where the operator of PitClock is established, without regard to its conflict-of-law rules.',
      'Any dispute arising from these terms or from your use of PitClock will be resolved by binding arbitration on an individual basis, rather than in court, except where the law does not permit arbitration.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact information',
    blocks: ['Questions about these terms? Contact us by e-mail at {email}.'],
  },
  {
    id: 'severability',
    title: 'Severability',
    blocks: [
      'If any provision of these terms is found invalid or unenforceable, that provision is limited or removed to the minimum extent necessary, and the remaining provisions stay in full force and effect.',
    ],
  },
];

export const PRIVACY_TITLE = 'Privacy Policy';

export const PRIVACY_INTRO =
  'PitClock is built to work on your device: most of what you enter never leaves it. This policy says what is stored, where, and why.';

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'account',
    title: 'Your account',
    blocks: [
      'To create an account we store your e-mail address, your name and a hash of your password (never the password itself). We use them to sign you in and to contact you about your account.',
      'When an account is created we record the e-mail address, the IP address, the browser platform and whether it worked, to protect PitClock against abuse.',
    ],
  },
  {
    id: 'device-licence',
    title: 'Your device licence',
    blocks: [
      'When you redeem a promo code we store the code’s redemption, your device’s identifier and the licence issued to it, with its expiry. The licence is also kept on your device so that cook-offs can be started without a network.',
    ],
  },
  {
    id: 'on-your-device',
    title: 'Data on your device',
    blocks: [
      'Your cook-offs, templates, steps, categories, runs, notes and weather records, and your settings (such as dark mode, alert preferences and whether you have seen the welcome), are stored locally in your browser on this device. They are not sent to us.',
      'Logging out removes your sign-in from the device; Reset App Data, or clearing the site’s data in your browser, removes the rest.',
    ],
  },
  {
    id: 'notifications',
    title: 'Push notifications',
    blocks: [
      'If you turn on push notifications, we store your browser’s push subscription (the address of its push service and the keys to encrypt messages to it) with your device’s identifier, and when a push last reached it or failed.',
      'When you start a cook-off, its schedule (cook-off name, step names and due times) is sent to us so that step alerts can reach you even while PitClock is closed. Turning push notifications off removes this device’s subscription.',
    ],
  },
  {
    id: 'weather',
    title: 'Weather lookups',
    blocks: [
      'Weather and boiling point are looked up by your browser directly from the weather provider (Open-Meteo), using the contest location. These requests do not pass through us; the provider receives the location and your IP address under its own privacy policy.',
    ],
  },
  {
    id: 'backups',
    title: 'Backups',
    blocks: [
      'A backup to a file stays wherever you save it. A cloud backup goes from your browser directly to the JSON storage service (JSONBin) under your own API key, and only there; we never receive your backups. Your API key is kept on your device.',
    ],
  },
  {
    id: 'sharing',
    title: 'What we do not do',
    blocks: [
      'We do not sell your data, show advertising or use tracking analytics. We share data only with the services named here and where the law requires it.',
    ],
  },
  {
    id: 'contact',
    title: 'Questions and deletion',
    blocks: ['To ask about your data or to have your account deleted, contact us by e-mail at {email}.'],
  },
];
