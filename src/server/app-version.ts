import packageJson from '../../package.json' with { type: 'json' };

/** This build's version, as package.json gives it: written into every archive's manifest (ADR 18). */
export const APP_VERSION: string = packageJson.version;
