/** /message-preferences?topic=…#key=… (from an email's link), or signed in from Account Info. */
export { MessagePreferencesPage as Component } from '../../features/message-preferences/components/message-preferences-page.tsx';
