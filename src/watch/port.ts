export interface WatchPort { readonly placeholder?: never }
