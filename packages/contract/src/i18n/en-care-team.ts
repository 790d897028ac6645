/**
 * Texts of the care team and the provider directory (spec 001 §2, §4, §5, §8). Spanish in
 * es-care-team.ts, same keys.
 */
export const enCareTeam = {
  'validation.npi': 'NPI must be 10 digits',
  'server.error.careTeamDuplicateProvider': 'A provider can be on the care team only once.',
  'server.error.careTeamReferringPhysician': 'Only one member can be the referring physician.',

  'careTeam.title': 'My Care Team',
  'careTeam.providers': 'Your providers',
  'careTeam.addProvider': 'Add provider',
  'careTeam.searchLabel': 'Search for a provider',
  'careTeam.searchHint': 'Please enter more than 2 characters...',
  'careTeam.noResults': 'No results found',
  'careTeam.empty': 'List is empty',
  'careTeam.referringPhysician': 'Referring physician',
  'careTeam.remove': 'Remove',
  'careTeam.removeNamed': 'Remove {name}',
  'careTeam.roleDescription': 'reorderable item',
  'careTeam.removeTitle': 'Remove provider',
  'careTeam.removeConfirm': 'Are you sure that you want to remove {name} from Care Team?',
  'careTeam.dragHandle': 'Reorder {name}',
  'careTeam.position': 'Position {position}',
  'careTeam.dragInstructions':
    'To reorder a provider, focus its handle and press Space or Enter to pick it up. Use the up and down arrow keys to move it, then press Space or Enter to drop it in its new place, or Escape to cancel. Touch and mouse users can drag the handle.',
  'careTeam.dragStart': 'Picked up {name}. {name} is in position {position} of {total}.',
  'careTeam.dragOver': '{name} was moved into position {position} of {total}.',
  'careTeam.dragOutside': '{name} is no longer over the list.',
  'careTeam.dragEnd': '{name} was dropped at position {position} of {total}. The new order is saved.',
  'careTeam.dragCancel': 'Reordering was cancelled. {name} stays in position {position} of {total}.',
  'careTeam.resultsCount.one': '{count} provider found',
  'careTeam.resultsCount.other': '{count} providers found',
  'careTeam.retry': 'Try again',
  'careTeam.npi': 'NPI {npi}',
  'careTeam.alreadyAdded': '{name} is already on your care team.',
  'careTeam.fetchFailed': 'We could not load your care team. Please check your connection and try again.',
  'careTeam.searchFailed': 'The provider search is not available right now. Please try again in a moment.',
  'careTeam.saveFailed':
    'Your care team could not be saved, so the last saved list is shown again. Please try the change again.',
} as const;

export type CareTeamMessageKey = keyof typeof enCareTeam;
