#ifndef TRANSMARK_CMARK_GFM_SHIM_H
#define TRANSMARK_CMARK_GFM_SHIM_H

#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

/* Node types of the GFM extensions are globals assigned at registration time and declared in no
   installed header; Swift 6 cannot read mutable C globals, so read them through functions. */
extern cmark_node_type CMARK_NODE_TABLE;
extern cmark_node_type CMARK_NODE_TABLE_ROW;
extern cmark_node_type CMARK_NODE_TABLE_CELL;
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;

static inline cmark_node_type transmark_node_type_table(void) { return CMARK_NODE_TABLE; }
static inline cmark_node_type transmark_node_type_table_row(void) { return CMARK_NODE_TABLE_ROW; }
static inline cmark_node_type transmark_node_type_table_cell(void) { return CMARK_NODE_TABLE_CELL; }
static inline cmark_node_type transmark_node_type_strikethrough(void) { return CMARK_NODE_STRIKETHROUGH; }

#endif
