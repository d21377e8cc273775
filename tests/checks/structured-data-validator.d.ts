// The validator ships JavaScript only; this is the part of its API tests/checks uses (see its README).
declare module '@adobe/structured-data-validator' {
  export type ValidationIssue = {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    /** The type of the top-level item the issue is in. */
    rootType: string;
    dataFormat: string;
    /** The properties at fault, as paths from the item the issue is about ("jobLocation.address.addressCountry"). */
    fieldNames?: string[];
    /** From the top-level item down to the item the issue is about: each step's type and the property leading there. */
    path?: { type?: string; property?: string; index?: number }[];
  };

  /** What @marbec/web-auto-extractor makes of a page: top-level items by format, then by type. */
  export type ExtractedData = {
    jsonld?: Record<string, object[]>;
    microdata?: Record<string, object[]>;
    rdfa?: Record<string, object[]>;
  };

  /** Google's rich-result rules of each type it knows; schema.org's types and properties too when given the vocabulary. */
  export default class Validator {
    constructor(schemaOrgJson?: object);
    debug: boolean;
    validate(data: ExtractedData): Promise<ValidationIssue[]>;
  }
}
