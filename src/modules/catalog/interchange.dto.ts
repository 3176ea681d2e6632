/** The console's interchange groups (issue 35): numbers an admin says name the same part. Declarations only. */

/** One number of a group and how many listed parts carry it. */
export interface InterchangeNumberDto {
  number: string;
  parts: number;
}

/** A record of the console resource `interchange-groups`. */
export interface InterchangeGroupDto {
  id: string;
  name: string;
  /** The group's numbers as typed, in the admin's order. */
  numbers: string[];
  /** The same numbers, each with the count of listed parts it finds. */
  numberParts: InterchangeNumberDto[];
  createdAt: string;
  updatedAt: string;
}
