/** Where parents reach a person. One place, so every page says the same thing. */
export const SUPPORT_EMAIL = 'hello@storybookshop.com';
export const PRIVACY_EMAIL = 'privacy@storybookshop.com';
