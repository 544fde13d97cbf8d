#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; its encoding header would pull ICU's headers into this module,
// where they clash with the copy inside Foundation. Nothing here uses ICU converters.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

// Swift 6 rejects the mutable global function pointer `xmlFree`; call it through C.
static inline void cxml_free(void *p) { xmlFree(p); }
