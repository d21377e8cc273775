import { localAppOrigin } from '@repo/contracts';

export type AppOrigins = {
  webOrigin: string;
  portalOrigin: string;
  backofficeOrigin: string;
};

type ViteEnv = Partial<Record<string, string | boolean | undefined>>;

function origin(value: string | boolean | undefined, fallback: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  return (text || fallback).replace(/\/+$/, '');
}

/** The three apps' origins from `import.meta.env` (VITE_WEB_ORIGIN, ...), with the local gateway's as defaults. */
export function readAppOrigins(env: ViteEnv): AppOrigins {
  return {
    webOrigin: origin(env.VITE_WEB_ORIGIN, localAppOrigin('web')),
    portalOrigin: origin(env.VITE_PORTAL_ORIGIN, localAppOrigin('portal')),
    backofficeOrigin: origin(env.VITE_BACKOFFICE_ORIGIN, localAppOrigin('backoffice')),
  };
}
