import { use, useState, type UIEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import ViewListIcon from '@mui/icons-material/ViewList';
import { getValue } from '@listina/forms';
import { LOOKUP_SEARCH_DEBOUNCE_MS } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { DialogsContext } from '../dialogs/dialog-context';
import type { InputProps } from '../types';
import { fieldTestId, messageProps } from './input-parts';
import {
  isSameValue,
  isUnchanged,
  itemText,
  itemValue,
  storedField,
  type LookupItem,
} from './reference-items';
import { useDebouncedValue } from '../timing';
import { SoftFiltersToggle } from './soft-filters-toggle';
import { useLookup } from './use-lookup';
import { NO_REFERENCES } from './use-select-items';

type ComboOption = { kind: 'item'; item: LookupItem } | { kind: 'add' };

// The list asks for more when scrolled to within this many pixels of its end.
const SCROLL_END_SLACK_PX = 16;

function isScrolledToEnd(element: HTMLElement): boolean {
  return element.scrollTop + element.clientHeight >= element.scrollHeight - SCROLL_END_SLACK_PX;
}

/**
 * combo (spec §2–§5): a searchable lookup into a code list, another call or fixed items. The
 * model stores the item's references.field; the input shows its displayFields. Typing searches
 * (debounced for server lists), scrolling to the end loads more, and the lookup can add a new
 * record (addScheme), edit the chosen one (editKey) or pick from the whole table (viewAll), each
 * in a stacked dialog. Soft filters narrow the list until the user turns them off.
 */
export function ComboInput(props: InputProps) {
  const { field, id, label, value, model, readonly, message, onChange, onBlur } = props;
  const references = field.references ?? NO_REFERENCES;
  const { t, locale } = useI18n();
  const dialogs = use(DialogsContext);
  const [isOpen, setOpen] = useState(false);
  // The text being typed; null while the input shows the chosen item.
  const [typed, setTyped] = useState<string | null>(null);
  const search = typed ?? '';
  // The last item chosen, so that it reads well even when it is not among the loaded items.
  const [chosen, setChosen] = useState<LookupItem | null>(null);
  const debouncedSearch = useDebouncedValue(search, LOOKUP_SEARCH_DEBOUNCE_MS);
  const hasValue = value !== null && value !== undefined && value !== '';
  const [softFiltersOn, setSoftFiltersOn] = useState(true);
  const lookup = useLookup({
    references,
    model,
    search: references.table ? debouncedSearch : search,
    enabled: isOpen || hasValue,
    sortLocale: locale,
    softFiltersOn,
  });

  const isValueOf = (item: LookupItem) => isSameValue(itemValue(item, references), value);
  // spec §3: the model may keep the chosen item's text beside its value (recipientAccountIdCb),
  // shown while no loaded item has the value (an order's accounts load on a choice only).
  const storedText = getValue(model, `${field.name}Cb`);
  const storedItem: LookupItem = {
    [storedField(references)]: value,
    ...(typeof storedText === 'string' && storedText !== ''
      ? { [references.displayFields.at(-1) ?? 'name']: storedText }
      : {}),
  };
  const found = lookup.items.find(isValueOf);
  const selectedItem: LookupItem | null = !hasValue
    ? null
    : (found ??
      (chosen && isValueOf(chosen) ? chosen : undefined) ??
      lookup.known.find(isValueOf) ??
      storedItem);
  const canAdd = Boolean(dialogs && references.addScheme && !readonly);
  const editTable = references.addScheme ?? references.table;
  // spec §3 editKey: the model property with the chosen record's key (else the item's own key).
  const keyInModel = references.editKey ? getValue(model, references.editKey) : undefined;
  const editKey = keyInModel ?? selectedItem?.key;
  const options: ComboOption[] = [
    // The chosen item stays an option even when the loaded page or the search lacks it.
    ...(selectedItem && !found ? [{ kind: 'item', item: selectedItem } as const] : []),
    ...lookup.items.map((item): ComboOption => ({ kind: 'item', item })),
    ...(canAdd ? [{ kind: 'add' } as const] : []),
  ];

  const select = (item: LookupItem | null) => {
    setChosen(item);
    const next = item ? (itemValue(item, references) ?? null) : null;
    if (isUnchanged(next, value)) return;
    if (item && props.onSelect) props.onSelect(next, item);
    else onChange(next);
  };

  const add = async () => {
    if (!dialogs || !references.addScheme) return;
    const nameField = references.displayFields.at(-1) ?? 'name';
    const result = await dialogs.openEdit({
      table: references.addScheme,
      initialModel: search.trim() ? { [nameField]: search.trim() } : undefined,
    });
    if (!result.saved) return;
    select(result.saved);
    await lookup.refresh();
  };

  const edit = async () => {
    if (!dialogs || !editTable || typeof editKey !== 'string') return;
    const result = await dialogs.openEdit({ table: editTable, key: editKey });
    if (result.saved) select(result.saved);
    await lookup.refresh();
  };

  const viewAll = async () => {
    if (!dialogs || !references.table) return;
    const picked = await dialogs.openGrid({ table: references.table, title: label, pick: true });
    if (picked) select(picked);
  };

  const shown = messageProps(message);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
      <Autocomplete<ComboOption>
        id={id}
        sx={{ flex: 1 }}
        size="small"
        open={isOpen}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        options={options}
        value={selectedItem ? { kind: 'item', item: selectedItem } : null}
        disabled={readonly}
        loading={lookup.isFetching && lookup.items.length === 0}
        loadingText={t('input.combo.loading')}
        noOptionsText={t('input.combo.noOptions')}
        clearText={t('input.combo.clear')}
        openText={t('input.combo.open')}
        closeText={t('input.combo.close')}
        // Server lists arrive searched and fixed ones are searched by useLookup.
        filterOptions={(all) => all}
        getOptionLabel={(option) =>
          option.kind === 'add' ? t('input.combo.add') : itemText(option.item, references, locale)
        }
        isOptionEqualToValue={(option, selected) =>
          option.kind === 'item' &&
          selected.kind === 'item' &&
          isSameValue(itemValue(option.item, references), itemValue(selected.item, references))
        }
        inputValue={typed ?? (selectedItem ? itemText(selectedItem, references, locale) : '')}
        onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : null)}
        onChange={(_event, option) => {
          if (option?.kind === 'add') void add();
          else select(option?.item ?? null);
        }}
        onBlur={onBlur}
        renderOption={({ key, ...optionProps }, option) => (
          <Box
            component="li"
            key={option.kind === 'add' ? '__add' : key}
            {...optionProps}
            data-testid={option.kind === 'add' ? `${fieldTestId(field)}-add` : 'combo-option'}
            sx={option.kind === 'add' ? { color: 'primary.main', gap: 1 } : undefined}
          >
            {option.kind === 'add' && <AddIcon fontSize="small" />}
            {option.kind === 'add'
              ? t('input.combo.add')
              : itemText(option.item, references, locale)}
          </Box>
        )}
        slotProps={{
          listbox: {
            onScroll: (event: UIEvent<HTMLElement>) => {
              if (lookup.hasMore && isScrolledToEnd(event.currentTarget)) lookup.loadMore();
            },
          },
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            error={shown.error}
            helperText={shown.helperText}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': fieldTestId(field) },
              formHelperText: { sx: shown.helperSx },
            }}
          />
        )}
      />
      <SoftFiltersToggle
        field={field}
        references={references}
        label={label}
        on={softFiltersOn}
        disabled={readonly}
        onToggle={() => setSoftFiltersOn((on) => !on)}
      />
      {dialogs && references.editKey !== undefined && editTable && (
        <IconButton
          aria-label={t('input.combo.edit', [label])}
          title={t('input.combo.edit', [label])}
          disabled={readonly || typeof editKey !== 'string' || editKey === ''}
          data-testid={fieldTestId(field, 'edit')}
          onClick={() => void edit()}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {dialogs && references.viewAll && references.table && (
        <IconButton
          aria-label={t('input.combo.viewAll', [label])}
          title={t('input.combo.viewAll', [label])}
          disabled={readonly}
          data-testid={fieldTestId(field, 'view-all')}
          onClick={() => void viewAll()}
        >
          <ViewListIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
