/**
 * Detailed CDC ethnicity codes under the two OMB ethnicity groups.
 * Generated from the CDC Race & Ethnicity Code Set 4.0.0 (PHIN VADS CDC REC, OID 2.16.840.1.113883.6.238),
 * as published in npm hl7.terminology.r4@7.0.1 (CC0-1.0). US Government work: public domain.
 * Rows: [code, display, level, parent code]; level 1 rows sit directly under their group.
 */
export const cdcEthnicitiesByGroup: Readonly<
  Record<string, readonly (readonly [string, string, number, string])[]>
> = {
  '2135-2': [
    ['2137-8', 'Spaniard', 1, '2135-2'],
    ['2138-6', 'Andalusian', 2, '2137-8'],
    ['2139-4', 'Asturian', 2, '2137-8'],
    ['2140-2', 'Castillian', 2, '2137-8'],
    ['2141-0', 'Catalonian', 2, '2137-8'],
    ['2142-8', 'Belearic Islander', 2, '2137-8'],
    ['2143-6', 'Gallego', 2, '2137-8'],
    ['2144-4', 'Valencian', 2, '2137-8'],
    ['2145-1', 'Canarian', 2, '2137-8'],
    ['2146-9', 'Spanish Basque', 2, '2137-8'],
    ['2148-5', 'Mexican', 1, '2135-2'],
    ['2149-3', 'Mexican American', 2, '2148-5'],
    ['2150-1', 'Mexicano', 2, '2148-5'],
    ['2151-9', 'Chicano', 2, '2148-5'],
    ['2152-7', 'La Raza', 2, '2148-5'],
    ['2153-5', 'Mexican American Indian', 2, '2148-5'],
    ['2155-0', 'Central American', 1, '2135-2'],
    ['2156-8', 'Costa Rican', 2, '2155-0'],
    ['2157-6', 'Guatemalan', 2, '2155-0'],
    ['2158-4', 'Honduran', 2, '2155-0'],
    ['2159-2', 'Nicaraguan', 2, '2155-0'],
    ['2160-0', 'Panamanian', 2, '2155-0'],
    ['2161-8', 'Salvadoran', 2, '2155-0'],
    ['2162-6', 'Central American Indian', 2, '2155-0'],
    ['2163-4', 'Canal Zone', 2, '2155-0'],
    ['2165-9', 'South American', 1, '2135-2'],
    ['2166-7', 'Argentinean', 2, '2165-9'],
    ['2167-5', 'Bolivian', 2, '2165-9'],
    ['2168-3', 'Chilean', 2, '2165-9'],
    ['2169-1', 'Colombian', 2, '2165-9'],
    ['2170-9', 'Ecuadorian', 2, '2165-9'],
    ['2171-7', 'Paraguayan', 2, '2165-9'],
    ['2172-5', 'Peruvian', 2, '2165-9'],
    ['2173-3', 'Uruguayan', 2, '2165-9'],
    ['2174-1', 'Venezuelan', 2, '2165-9'],
    ['2175-8', 'South American Indian', 2, '2165-9'],
    ['2176-6', 'Criollo', 2, '2165-9'],
    ['2178-2', 'Latin American', 1, '2135-2'],
    ['2180-8', 'Puerto Rican', 1, '2135-2'],
    ['2182-4', 'Cuban', 1, '2135-2'],
    ['2184-0', 'Dominican', 1, '2135-2'],
  ],
  '2186-5': [],
};
