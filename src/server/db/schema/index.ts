// The whole schema, for drizzle-kit and for code that must name every table (reset, test cleanup).
export * from './users';
export * from './providers';
export * from './insurance';
export * from './medical-records';
export * from './preventative-care';
export * from './appointments';
export * from './medications';
export * from './health-lists';
export * from './activities';
export * from './installation';
export * from './chat';
export * from './confirmation-calls';
export * from './sign-in';
export * from './notifications';
export * from './observations';
