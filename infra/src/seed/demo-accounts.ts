export const DEMO_PREMIUM_USER = {
  email: 'collector@carbid.example',
  password: 'collector-password',
  name: 'Casey Collector',
} as const;
