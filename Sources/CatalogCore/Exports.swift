// The modules below the core, re-exported so that a module importing CatalogCore sees the JSON
// engine and the model as before the split. CatalogReader imports them itself, not the core.
@_exported import CatalogJSON
@_exported import CatalogModel
