/**
 * USPS two-letter codes of the 50 states, DC, the five inhabited territories, the three freely
 * associated states and the three armed-forces "states" (USPS Publication 28), and the 13 Canadian
 * provinces and territories (Canada Post / ISO 3166-2:CA). Public facts, written by hand (CC0).
 */
export type RegionType =
  'state' | 'district' | 'territory' | 'freely_associated_state' | 'military' | 'province';

export interface Region {
  /** The stored value: the name in capitals with underscores. */
  enum: string;
  /** The postal abbreviation. */
  code: string;
  name: string;
  type: RegionType;
}

export const usStates: readonly Region[] = [
  { enum: 'ALABAMA', code: 'AL', name: 'Alabama', type: 'state' },
  { enum: 'ALASKA', code: 'AK', name: 'Alaska', type: 'state' },
  { enum: 'ARIZONA', code: 'AZ', name: 'Arizona', type: 'state' },
  { enum: 'ARKANSAS', code: 'AR', name: 'Arkansas', type: 'state' },
  { enum: 'CALIFORNIA', code: 'CA', name: 'California', type: 'state' },
  { enum: 'COLORADO', code: 'CO', name: 'Colorado', type: 'state' },
  { enum: 'CONNECTICUT', code: 'CT', name: 'Connecticut', type: 'state' },
  { enum: 'DELAWARE', code: 'DE', name: 'Delaware', type: 'state' },
  { enum: 'FLORIDA', code: 'FL', name: 'Florida', type: 'state' },
  { enum: 'GEORGIA', code: 'GA', name: 'Georgia', type: 'state' },
  { enum: 'HAWAII', code: 'HI', name: 'Hawaii', type: 'state' },
  { enum: 'IDAHO', code: 'ID', name: 'Idaho', type: 'state' },
  { enum: 'ILLINOIS', code: 'IL', name: 'Illinois', type: 'state' },
  { enum: 'INDIANA', code: 'IN', name: 'Indiana', type: 'state' },
  { enum: 'IOWA', code: 'IA', name: 'Iowa', type: 'state' },
  { enum: 'KANSAS', code: 'KS', name: 'Kansas', type: 'state' },
  { enum: 'KENTUCKY', code: 'KY', name: 'Kentucky', type: 'state' },
  { enum: 'LOUISIANA', code: 'LA', name: 'Louisiana', type: 'state' },
  { enum: 'MAINE', code: 'ME', name: 'Maine', type: 'state' },
  { enum: 'MARYLAND', code: 'MD', name: 'Maryland', type: 'state' },
  { enum: 'MASSACHUSETTS', code: 'MA', name: 'Massachusetts', type: 'state' },
  { enum: 'MICHIGAN', code: 'MI', name: 'Michigan', type: 'state' },
  { enum: 'MINNESOTA', code: 'MN', name: 'Minnesota', type: 'state' },
  { enum: 'MISSISSIPPI', code: 'MS', name: 'Mississippi', type: 'state' },
  { enum: 'MISSOURI', code: 'MO', name: 'Missouri', type: 'state' },
  { enum: 'MONTANA', code: 'MT', name: 'Montana', type: 'state' },
  { enum: 'NEBRASKA', code: 'NE', name: 'Nebraska', type: 'state' },
  { enum: 'NEVADA', code: 'NV', name: 'Nevada', type: 'state' },
  { enum: 'NEW_HAMPSHIRE', code: 'NH', name: 'New Hampshire', type: 'state' },
  { enum: 'NEW_JERSEY', code: 'NJ', name: 'New Jersey', type: 'state' },
  { enum: 'NEW_MEXICO', code: 'NM', name: 'New Mexico', type: 'state' },
  { enum: 'NEW_YORK', code: 'NY', name: 'New York', type: 'state' },
  { enum: 'NORTH_CAROLINA', code: 'NC', name: 'North Carolina', type: 'state' },
  { enum: 'NORTH_DAKOTA', code: 'ND', name: 'North Dakota', type: 'state' },
  { enum: 'OHIO', code: 'OH', name: 'Ohio', type: 'state' },
  { enum: 'OKLAHOMA', code: 'OK', name: 'Oklahoma', type: 'state' },
  { enum: 'OREGON', code: 'OR', name: 'Oregon', type: 'state' },
  { enum: 'PENNSYLVANIA', code: 'PA', name: 'Pennsylvania', type: 'state' },
  { enum: 'RHODE_ISLAND', code: 'RI', name: 'Rhode Island', type: 'state' },
  { enum: 'SOUTH_CAROLINA', code: 'SC', name: 'South Carolina', type: 'state' },
  { enum: 'SOUTH_DAKOTA', code: 'SD', name: 'South Dakota', type: 'state' },
  { enum: 'TENNESSEE', code: 'TN', name: 'Tennessee', type: 'state' },
  { enum: 'TEXAS', code: 'TX', name: 'Texas', type: 'state' },
  { enum: 'UTAH', code: 'UT', name: 'Utah', type: 'state' },
  { enum: 'VERMONT', code: 'VT', name: 'Vermont', type: 'state' },
  { enum: 'VIRGINIA', code: 'VA', name: 'Virginia', type: 'state' },
  { enum: 'WASHINGTON', code: 'WA', name: 'Washington', type: 'state' },
  { enum: 'WEST_VIRGINIA', code: 'WV', name: 'West Virginia', type: 'state' },
  { enum: 'WISCONSIN', code: 'WI', name: 'Wisconsin', type: 'state' },
  { enum: 'WYOMING', code: 'WY', name: 'Wyoming', type: 'state' },
  { enum: 'DISTRICT_OF_COLUMBIA', code: 'DC', name: 'District of Columbia', type: 'district' },
  { enum: 'AMERICAN_SAMOA', code: 'AS', name: 'American Samoa', type: 'territory' },
  { enum: 'GUAM', code: 'GU', name: 'Guam', type: 'territory' },
  { enum: 'NORTHERN_MARIANA_ISLANDS', code: 'MP', name: 'Northern Mariana Islands', type: 'territory' },
  { enum: 'PUERTO_RICO', code: 'PR', name: 'Puerto Rico', type: 'territory' },
  { enum: 'US_VIRGIN_ISLANDS', code: 'VI', name: 'U.S. Virgin Islands', type: 'territory' },
  {
    enum: 'FEDERATED_STATES_OF_MICRONESIA',
    code: 'FM',
    name: 'Federated States of Micronesia',
    type: 'freely_associated_state',
  },
  { enum: 'MARSHALL_ISLANDS', code: 'MH', name: 'Marshall Islands', type: 'freely_associated_state' },
  { enum: 'PALAU', code: 'PW', name: 'Palau', type: 'freely_associated_state' },
  {
    enum: 'ARMED_FORCES_AMERICAS',
    code: 'AA',
    name: 'Armed Forces Americas (except Canada)',
    type: 'military',
  },
  {
    enum: 'ARMED_FORCES_EUROPE',
    code: 'AE',
    name: 'Armed Forces Europe, Middle East, Africa and Canada',
    type: 'military',
  },
  { enum: 'ARMED_FORCES_PACIFIC', code: 'AP', name: 'Armed Forces Pacific', type: 'military' },
];

export const caProvinces: readonly Region[] = [
  { enum: 'ALBERTA', code: 'AB', name: 'Alberta', type: 'province' },
  { enum: 'BRITISH_COLUMBIA', code: 'BC', name: 'British Columbia', type: 'province' },
  { enum: 'MANITOBA', code: 'MB', name: 'Manitoba', type: 'province' },
  { enum: 'NEW_BRUNSWICK', code: 'NB', name: 'New Brunswick', type: 'province' },
  { enum: 'NEWFOUNDLAND_AND_LABRADOR', code: 'NL', name: 'Newfoundland and Labrador', type: 'province' },
  { enum: 'NOVA_SCOTIA', code: 'NS', name: 'Nova Scotia', type: 'province' },
  { enum: 'ONTARIO', code: 'ON', name: 'Ontario', type: 'province' },
  { enum: 'PRINCE_EDWARD_ISLAND', code: 'PE', name: 'Prince Edward Island', type: 'province' },
  { enum: 'QUEBEC', code: 'QC', name: 'Quebec', type: 'province' },
  { enum: 'SASKATCHEWAN', code: 'SK', name: 'Saskatchewan', type: 'province' },
  { enum: 'NORTHWEST_TERRITORIES', code: 'NT', name: 'Northwest Territories', type: 'territory' },
  { enum: 'NUNAVUT', code: 'NU', name: 'Nunavut', type: 'territory' },
  { enum: 'YUKON', code: 'YT', name: 'Yukon', type: 'territory' },
];
