/** When the privacy policy and the terms last changed; both pages show it. */
export const POLICY_UPDATED = 'November 2026';
